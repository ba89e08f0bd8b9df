// CPython's answers for the Node tests: run `code` with the repository's engine (pysite) and the
// build's modules (sitebuild) importable, and read the JSON it prints.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export function python(code) {
  const venv = join(ROOT, ".venv", "bin", "python");
  const run = spawnSync(process.env.PYTHON ?? (existsSync(venv) ? venv : "python3"), ["-c", code],
    { cwd: ROOT, encoding: "utf8", env: { ...process.env, PYTHONPATH: join(ROOT, "pysite") } });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}
