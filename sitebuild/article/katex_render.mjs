// Render a batch of TeX formulas with KaTeX (build time, so pages need no math JavaScript).
// stdin: JSON [{"tex": "...", "display": bool}, ...]; stdout: JSON ["<span class=katex...>", ...].
// A formula KaTeX rejects fails the build with its message (throwOnError).
import katex from "katex";

let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;
const out = JSON.parse(input).map(({ tex, display }) => {
  try {
    return katex.renderToString(tex, { displayMode: display, output: "htmlAndMathml", throwOnError: true,
      // \htmlData marks engine-computed numbers (data-computed); nothing else is trusted
      trust: (ctx) => ctx.command === "\\htmlData",
      strict: (code) => (code === "htmlExtension" ? "ignore" : "error") });
  } catch (e) {
    console.error(`KaTeX: ${e.message}\n  in: ${tex}`);
    process.exit(1);
  }
});
process.stdout.write(JSON.stringify(out));
