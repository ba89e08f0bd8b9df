// Firefox for the Python tests and benches (sitebuild/browsers.py): Debian's firefox-esr, launched
// and driven by puppeteer-core over WebDriver BiDi. Python cannot load puppeteer, so this script
// does the driving: one JSON request a line on stdin, one JSON answer a line on stdout.
//   {"id": 1, "do": "version"}                                   -> {"id": 1, "value": "firefox/153.7.0"}
//   {"id": 2, "do": "open", "width": 360, "height": 780}         -> {"id": 2, "value": "p1"}  (a fresh browsing context)
//   {"id": 3, "do": "goto", "page": "p1", "url": "http://…"}     (waits for the load event)
//   {"id": 4, "do": "run", "page": "p1", "script": "(arg) => …", "arg": …}  -> the function's JSON result
//   {"id": 5, "do": "type" | "click", "page": "p1", "selector": "…", "text": "…"}
//   {"id": 6, "do": "errors", "page": "p1"}                      -> console errors and exceptions since the last ask
//   {"id": 7, "do": "shut", "page": "p1"}
// A failure answers {"id": n, "error": "message"}. When stdin closes, Firefox is closed.
// Usage: node firefox_bridge.mjs /usr/bin/firefox-esr [timeout_ms]
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, timeout = "180000"] = process.argv.slice(2);
const browser = await puppeteer.launch({ browser: "firefox", executablePath, headless: true });
const pages = new Map(); // id -> {page, context, errors}
let lastId = 0;

async function open({ width, height }) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.setDefaultTimeout(Number(timeout));
  await page.setViewport({ width, height });
  const entry = { page, context, errors: [] };
  page.on("console", (m) => { if (m.type() === "error") entry.errors.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => entry.errors.push(`pageerror: ${e.message}`));
  const id = `p${++lastId}`;
  pages.set(id, entry);
  return id;
}

const actions = {
  version: () => browser.version(),
  open,
  goto: ({ page }, { url }) => page.goto(url, { waitUntil: "load" }).then(() => null),
  // A string is evaluated as it is (a function object would be serialised by puppeteer instead).
  run: ({ page }, { script, arg }) => page.evaluate(`(${script})(${JSON.stringify(arg ?? null)})`),
  type: ({ page }, { selector, text }) => page.locator(selector).fill(text).then(() => null),
  click: ({ page }, { selector }) => page.locator(selector).click().then(() => null),
  errors: (entry) => entry.errors.splice(0),
  shut: async (entry, { page: id }) => { pages.delete(id); await entry.context.close(); return null; },
};

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) { // one request at a time, in order
  const request = JSON.parse(line);
  let answer;
  try {
    const action = actions[request.do];
    if (!action) throw new Error(`unknown request ${request.do}`);
    const entry = request.page === undefined ? request : pages.get(request.page);
    if (!entry) throw new Error(`no page ${request.page}`);
    const value = await action(entry, request);
    answer = { id: request.id, value: value === undefined ? null : value };
  } catch (err) {
    answer = { id: request.id, error: String(err && err.message ? err.message : err) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
await browser.close();
