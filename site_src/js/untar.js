// The engine's archives (sitebuild/engine_pack.py) are gzipped tars. Python could unpack them
// (pyodide.unpackArchive), but its tarfile and gzip modules would then sit in the heap snapshot
// every visitor downloads; reading the tar here and writing the files into Pyodide's file system
// keeps them out. Only what engine_pack writes is read: USTAR regular files, names under 100 bytes.

/** [{name, data}] of the regular files in an uncompressed tar (Uint8Array). */
export function untar(bytes) {
  const files = [];
  const text = (start, length) => new TextDecoder().decode(bytes.subarray(start, start + length)).replace(/\0.*$/s, "");
  for (let at = 0; at + 512 <= bytes.length;) {
    const name = text(at, 100);
    if (!name) break; // the two zero blocks that end the archive
    const size = parseInt(text(at + 124, 12).trim() || "0", 8);
    const type = text(at + 156, 1) || "0";
    if (type === "0") files.push({ name, data: bytes.subarray(at + 512, at + 512 + size) });
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** Write untar(tar)'s files under `dir` in a Pyodide file system (pyodide.FS). */
export function writeFiles(FS, dir, tar) {
  for (const { name, data } of untar(tar)) {
    const path = `${dir}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, data);
  }
}

/** A gzipped archive's tar, inflated by the browser's (or Node's) DecompressionStream. */
export async function gunzip(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
