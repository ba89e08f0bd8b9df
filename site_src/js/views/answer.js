// The answer first, in plain words, to the digits a player uses (the exact box has the rest):
// "Attacker wins > 99.99 % · loses 1.90 × 10⁻¹³ (1 in 5.26 trillion)".
// Each part carries its exact value (data-num, data-den) for the tests and the exact view.
import { el } from "../dom.js";
import { diceModeLabel } from "../rule-fields.js";
import { ruleFields } from "../limits.js";
import { percent, scientific, roundedScientific, oneInWords, log10, superscript, approxText, asFraction, fixedDecimal, floatFraction } from "../exact.js";

const PERCENT_FLOOR_LOG10 = -4; // below 0.01 %, a percentage is mostly zeros: scientific instead
const ONE_IN_BELOW = 0.05; // "(1 in 28)" says more than "3.57 %" for the unlikely side
const NEAR_CERTAIN = `>\u00a099.99\u00a0%`; // the other side's "1 in N" says how near
const nearCertain = (num, den) => BigInt(num) !== BigInt(den) && (BigInt(den) - BigInt(num)) * 10000n < BigInt(den);

/** {main, note}: "64.2 %"; "3.57 %", "1 in 28"; "1.90 × 10⁻¹³", "1 in 5.26 trillion"; "> 99.99 %".
 *  Exact ({num, den}) and real ({float, log10}: Balanced Blitz) alike. */
export function chance(p) {
  const { num, den } = asFraction(p);
  if (num === "0") return { main: "0\u00a0%", note: "never" };
  const lg = p.log10 ?? log10(num, den);
  if (lg < PERCENT_FLOOR_LOG10) return { main: roundedScientific(num, den, 3), note: oneInWords(num, den) };
  if (nearCertain(num, den)) return { main: NEAR_CERTAIN, note: null };
  return { main: percent(num, den), note: lg < Math.log10(ONE_IN_BELOW) ? oneInWords(num, den) : null };
}

/** Two exact (or real) probabilities are equal: compared as fractions, never as texts. */
export function sameChance(a, b) {
  const x = asFraction(a), y = asFraction(b);
  return BigInt(x.num) * BigInt(y.den) === BigInt(y.num) * BigInt(x.den);
}

/** chance(p).main told apart at `level`: 0 is chance's own text; each level shows one more digit
 *  (a percentage near 100 % its full digits first: "99.99995 %" for "> 99.99 %"). */
export function chanceText(p, level = 0) {
  if (level === 0) return chance(p).main;
  const { num, den } = asFraction(p);
  if (num === "0") return "0\u00a0%";
  const lg = p.log10 ?? log10(num, den);
  if (lg < PERCENT_FLOOR_LOG10) return roundedScientific(num, den, 3 + level);
  return percent(num, den, 3, nearCertain(num, den) ? level - 1 : level);
}

const MAX_LEVEL = 14; // past 13 decimals of a percent the texts stop growing ("> 99.9999999999999 %")

/** Texts of a list of probabilities, each neighbour told apart from the next: two different
 *  values never read the same ("> 99.99 %" beside "> 99.99 %", "35.8 %" beside "35.8 %"); both get
 *  the digits that make the difference, and neighbours are shown to the same digits. Equal values
 *  keep equal texts. `format(p, level)`. */
export function distinctTexts(ps, format = chanceText) {
  const level = ps.map(() => 0);
  const texts = ps.map((p) => format(p, 0));
  const raise = (k, to) => { if (level[k] < to) { level[k] = to; texts[k] = format(ps[k], to); return true; } return false; };
  for (let moved = true; moved;) { // a raised text may change its other neighbour's pair: until nothing moves
    moved = false;
    for (let i = 0; i + 1 < ps.length; i++) {
      if (sameChance(ps[i], ps[i + 1])) { // equal values, equal texts
        const to = Math.max(level[i], level[i + 1]);
        moved = raise(i, to) || raise(i + 1, to) || moved;
        continue;
      }
      if (texts[i] !== texts[i + 1] && level[i] === level[i + 1]) continue;
      // compared at the same level ("> 99.99 %" says nothing beside "99.9999 %"), then digits until they differ
      const same = Math.max(level[i], level[i + 1]);
      moved = raise(i, same) || raise(i + 1, same) || moved;
      while (texts[i] === texts[i + 1] && Math.max(level[i], level[i + 1]) < MAX_LEVEL) {
        const to = Math.max(level[i], level[i + 1]) + 1;
        raise(i, to); raise(i + 1, to);
        moved = true;
      }
    }
  }
  return texts;
}

/** The chances of next-best options below the best one's: each with the digits that tell it from
 *  the one above it (the best first), and ", as good" where it equals the best exactly. */
export function nextBestTexts(best, others) {
  const texts = distinctTexts([best, ...others]).slice(1);
  return others.map((p, i) => (sameChance(p, best) ? `${texts[i]}, as good` : texts[i]));
}

/** A difference of two chances in percentage points, to the digits that show it: "0.00122 points"
 *  (a chance 1.22 × 10⁻⁵ higher), "12.5 points"; never a power of ten of a chance. */
export function pointsText(size) {
  const { num, den } = asFraction(size);
  if (num === "0") return "0\u00a0points";
  const text = percent(num, den).replace(/\u00a0%$/, "").replace(/^<\u00a0/, "less than ").replace(/^>\u00a0/, "more than ");
  return `${text}\u00a0points`;
}

/** The same for a float (an approximate value): "≈ 64.2 %", "≈ 1.90 × 10⁻¹³". */
export function approxChance(f) {
  if (!(f > 0)) return { main: "≈ 0\u00a0%", note: null };
  if (f >= 1) return { main: "≈ 100\u00a0%", note: null };
  if (Math.log10(f) < PERCENT_FLOOR_LOG10) {
    const [m, e] = f.toExponential(2).split("e");
    return { main: `≈ ${m} × 10${superscript(Number(e))}`, note: null };
  }
  const dec = f > 0.5 ? Math.max(1, Math.ceil(-Math.log10((1 - f) * 100))) : 1;
  return { main: `≈ ${(f * 100).toFixed(Math.min(dec, 12))}\u00a0%`, note: null };
}

/** The data- attributes that carry a value: data-num/data-den (exact) or data-value (a real number). */
export function valueData(p) {
  return p.num !== undefined ? { "data-num": p.num, "data-den": p.den } : { "data-value": String(p.float), "data-log10": p.log10 ?? "" };
}

/** An average to one decimal ("66.7"), in bold, carrying its value (data-). */
export function averageValue(p, output) {
  const { num, den } = asFraction(p);
  return el("strong", { "data-output": output, ...valueData(p) }, fixedDecimal(num, den));
}

/** One side of the answer: words, the number in bold (`text`, or chance's), the "1 in N" note; its value in data-. */
export function answerPart(output, words, p, { approximate = false, text = null } = {}) {
  const { main: own, note } = approximate ? approxChance(p) : chance(p);
  const main = text ?? own; // `text`: the digits that tell it from a neighbour (distinctTexts)
  const exact = approximate ? {} : valueData(p);
  return el("span", { class: "answer-part", "data-output": output, ...exact },
    words, " ", el("strong", {}, main), note ? [" ", el("span", { class: "one-in" }, `(${note})`)] : null);
}

/** The answer line: parts separated by " · " (null parts are left out). */
export function answerLine(parts, { cls = "" } = {}) {
  const kept = parts.filter(Boolean);
  return el("p", { class: `answer ${cls}`.trim() },
    kept.flatMap((p, i) => (i ? [el("span", { class: "sep", "aria-hidden": "true" }, " · "), p] : [p])));
}

/** The answer's first lines, which the form shows right under its inputs (the rest goes below). */
export function lead(...children) {
  return el("div", { class: "lead-answer", "data-part": "lead" }, children);
}

/** A table cell's short text: a percentage down to 0.01 %, scientific below; exact values
 *  ({num, den}) get exact rounding, summaries ({float, log10}) float rounding. */
export function cellChance(p) {
  if (p.num === undefined) {
    if (!(p.float > 0) && (p.log10 === null || p.log10 === undefined)) return "0";
    if (p.float >= 1) return "100\u00a0%";
    if (p.float < 1e-4) return approxText(p, 3);
    const { num, den } = floatFraction(p.float); // the double's own value: never rounded up to 100 % or into a round number
    return nearCertain(num, den) ? NEAR_CERTAIN : percent(num, den);
  }
  if (p.num === "0") return "0";
  if (p.num === p.den) return "100\u00a0%";
  const lg = p.log10 ?? log10(p.num, p.den);
  if (lg < PERCENT_FLOOR_LOG10) return scientific(p.num, p.den, 3);
  if (nearCertain(p.num, p.den)) return NEAR_CERTAIN; // the exact box has the rest
  return percent(p.num, p.den);
}

/** The dice mode an answer is for, above it ("Balanced Blitz (RISK: Global Domination)"). */
export function modeLabel(mode) {
  return el("p", { class: "mode-label", "data-output": "dice_mode", "data-value": mode }, diceModeLabel(mode));
}

/** The lead of an answer for dice mode `mode`: marked with it (data-dice-mode), and labelled
 *  with it when it is not true random dice (`labelled`). */
export function modeLead(mode, labelled, ...children) {
  const node = lead(labelled ? modeLabel(mode) : null, ...children);
  node.dataset.diceMode = mode;
  return node;
}

/** A choosing defender's best play, the engine's sentences, beside the answer it assumes:
 *  "Defender's dice: its choice, after seeing the attacker's roll. Its best play: …". */
export function policyView(policy) {
  if (!policy) return null;
  const field = ruleFields().find((f) => f.name === "defender_choice");
  const choice = field.choices.find(([v]) => v === policy.mode);
  return el("div", { class: "policy", "data-output": "defender_policy", "data-mode": policy.mode },
    el("p", {}, el("strong", {}, `${field.label}: ${choice ? choice[1] : policy.mode}.`), " Its best play, which this answer assumes:"),
    el("ul", {}, policy.sentences.map((s) => el("li", {}, s))));
}
