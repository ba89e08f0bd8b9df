// One exact probability, shown every useful way (the view one click behind the answer): fraction
// (with its size when long, and a copy button), decimal, scientific, "1 in N", log10, and a note
// below the float range. `output` marks it for the tests ([data-output]); `detail` marks a
// second view of a value the answer already carries ([data-detail]).
import { el } from "../dom.js";
import { decimal, scientific, oneIn, log10, superscript, realFraction, floatText, SMALLEST_NORMAL_LOG10 } from "../exact.js";
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
  ].filter(([, v]) => v !== null);
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

/** "1 in N" up to one half; above it null ("1 in 1.2" says nothing). */
function odds(num, den) {
  return complement(num, den) === null ? oneIn(num, den) : null;
}

/** The exact views one click behind an answer, in a collapsed box. */
export function exactBox(views, { title = "Exact values", summary = "fractions, decimals, log₁₀, copy", extra = null } = {}) {
  return el("details", { class: "box exact-box" },
    el("summary", {}, el("span", { class: "box-title" }, title), " ", el("span", { class: "box-summary" }, summary)),
    views, extra);
}

// ---- Real numbers (Balanced Blitz): no fraction exists, so none is shown ----------------------

export const REAL_DIGITS = 15; // significant digits shown of a real answer (a double holds 15-17)

/** "0.467406866825673" (15 significant digits, rounded), or null below 1e-20. */
export function realDecimal(p) {
  if (!(p.float > 0)) return p.log10 === null || p.log10 === undefined ? "0" : null;
  const [m, e] = p.float.toExponential(REAL_DIGITS - 1).split("e");
  const exp = Number(e);
  if (exp < -20) return null;
  const digits = m.replace(".", "");
  return exp >= 0 ? `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}` : `0.${"0".repeat(-exp - 1)}${digits}`;
}

/** "4.67406866825673 × 10⁻¹"; below the double range the mantissa comes from log10 (12 digits). */
export function realScientific(p, sig = REAL_DIGITS) {
  if (p.float > 0) {
    const [m, e] = p.float.toExponential(sig - 1).split("e");
    return Number(e) === 0 ? m : `${m} × 10${superscript(Number(e))}`;
  }
  if (p.log10 === null || p.log10 === undefined) return "0";
  const q = realFraction(p);
  return scientific(q.num, q.den, Math.min(sig, 12));
}

/** One real probability every useful way, to 15 significant digits: decimal, scientific,
 *  "1 in N", log10 (the engine's, good far below 1e-308), and a copy of the double. */
export function realView(p, { output, detail, label }) {
  const q = realFraction(p);
  const lg = p.log10 === null || p.log10 === undefined ? -Infinity : p.log10;
  const dec = realDecimal(p);
  const rows = [
    ["Decimal", dec ?? "(too small for a decimal: see scientific)"],
    ["Scientific", realScientific(p)],
    ["Odds", odds(q.num, q.den)],
    ["log₁₀", Number.isFinite(lg) ? lg.toFixed(6) : "−∞"],
  ].filter(([, v]) => v !== null);
  const copy = el("button", { type: "button", class: "copy", "data-action": "copy-decimal" }, "Copy number");
  copy.addEventListener("click", () => copyText(floatText(p), copy));
  const mark = output ? { "data-output": output } : { "data-detail": detail };
  return el("section", { class: "prob real", ...mark, "data-value": String(p.float), "data-log10": Number.isFinite(lg) ? lg : "" },
    el("h3", {}, label, " ", el("span", { class: "headline" }, realScientific(p, 6))),
    el("div", { class: "copies" }, copy),
    el("dl", { class: "prob-forms" }, rows.map(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])));
}

/** What a Balanced Blitz number is, next to its digits. */
export const REAL_NOTE = "Balanced Blitz reshapes the exact true-random odds with powers that are not whole " +
  "numbers, so its answers are real numbers, not fractions: the engine computes them from the exact " +
  "distribution with enough digits that the 15 shown here are right.";

/** The real values one click behind a Balanced Blitz answer, with what they are. */
export function realBox(views, { extra = null } = {}) {
  return exactBox(views, { title: "Values to 15 digits", summary: "real numbers, not fractions: decimal, log₁₀, copy",
    extra: [el("p", { class: "note" }, REAL_NOTE), extra] });
}
