// One exact probability, shown every useful way (the view one click behind the answer): fraction
// (with its size when long, and a copy button), decimal, scientific, "1 in N", log10, and a note
// below the float range. `output` marks it for the tests ([data-output]); `detail` marks a
// second view of a value the answer already carries ([data-detail]).
import { el } from "../dom.js";
import { decimal, scientific, oneIn, log10, SMALLEST_NORMAL_LOG10 } from "../exact.js";
import { copyText } from "../clipboard.js";

const LONG_FRACTION = 60; // characters: longer fractions get a size note and scroll in their box

export function probabilityView(p, { output, detail, label }) {
  const lg = p.log10 ?? log10(p.num, p.den);
  const fractionText = `${p.num}/${p.den}`;
  const dec = decimal(p.num, p.den);
  const rows = [
    ["Decimal", dec ?? "(too small for a decimal: see scientific)"],
    ["Scientific", scientific(p.num, p.den)],
    ["Odds", odds(p.num, p.den)],
    ["log₁₀", Number.isFinite(lg) ? lg.toFixed(6) : "−∞"],
  ];
  const belowFloat = Number.isFinite(lg) && lg < SMALLEST_NORMAL_LOG10;
  const long = fractionText.length > LONG_FRACTION; // a tall box that scrolls: focusable, named
  const fraction = el("code", { class: "fraction", ...(long ? { tabindex: "0", role: "region", "aria-label": `${label}: exact fraction` } : {}) }, fractionText);
  const copy = el("button", { type: "button", class: "copy", "data-action": "copy" }, "Copy fraction");
  copy.addEventListener("click", () => copyText(fractionText, copy));
  const copyDecimal = dec ? el("button", { type: "button", class: "copy", "data-action": "copy-decimal" }, "Copy decimal") : null;
  if (copyDecimal) copyDecimal.addEventListener("click", () => copyText(decimal(p.num, p.den, 40).replace("…", ""), copyDecimal));
  const fractionBlock = el("div", { class: "fraction-box" },
    long ? el("p", { class: "hint" }, `Exact fraction: ${p.num.length}-digit numerator, ${p.den.length}-digit denominator`) : null,
    fraction);
  const mark = output ? { "data-output": output } : { "data-detail": detail };
  return el("section", { class: "prob", ...mark, "data-num": p.num, "data-den": p.den, "data-log10": Number.isFinite(lg) ? lg : "" },
    el("h3", {}, label, " ", el("span", { class: "headline" }, headline(p, lg))),
    fractionBlock,
    el("div", { class: "copies" }, copy, copyDecimal),
    el("dl", { class: "prob-forms" }, rows.map(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])),
    belowFloat ? el("p", { class: "note" }, "Below the smallest normal double (about 2.2 × 10⁻³⁰⁸): a floating-point tool would print 0 here.") : null,
  );
}

function headline(p, lg) {
  if (p.num === "0") return "0";
  const rest = complement(p.num, p.den);
  if (rest !== null && BigInt(rest) * 10n ** 6n < BigInt(p.den)) {
    return "1 − " + scientific(rest, p.den, 4);   // "1" alone would hide what is left
  }
  if (lg >= -4) return decimal(p.num, p.den, 6).replace("…", "");
  return "≈ " + scientific(p.num, p.den, 6);
}

/** den - num as a decimal string when the probability is above 1/2 and below 1, else null. */
function complement(num, den) {
  const n = BigInt(num), d = BigInt(den);
  return n * 2n > d && n !== d ? (d - n).toString() : null;
}

/** "1 in N"; above 1/2 the odds of the opposite say more ("1 in 1" says nothing). */
function odds(num, den) {
  const rest = complement(num, den);
  return rest === null ? oneIn(num, den) : `the opposite happens ${oneIn(rest, den)}`;
}

/** The exact views one click behind an answer, in a collapsed box. */
export function exactBox(views, { title = "Exact values", summary = "fractions, decimals, log₁₀, copy", extra = null } = {}) {
  return el("details", { class: "box exact-box" },
    el("summary", {}, el("span", { class: "box-title" }, title), " ", el("span", { class: "box-summary" }, summary)),
    views, extra);
}
