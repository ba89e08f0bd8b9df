// Exact formatting of probabilities given as decimal-string numerator and denominator (BigInt math,
// so values far below the float range still get correct digits).

const TEN = 10n;

export function toBig(s) { return BigInt(s); }

function pow10(k) { return TEN ** BigInt(k); }

// Printing a huge BigInt in decimal costs time quadratic in its length (0.5 ms at 7,000 digits,
// and a campaign's answers carry dozens of such numbers); in hex it is linear. So sizes come from
// bit lengths, never from decimal strings.
const LOG10_2 = Math.log10(2);

/** "1234567.5" -> "1,234,567.5". By hand: toLocaleString builds a formatter on every call, and the
 * first Intl formatter loads locale data (about 20 ms on a phone) before any answer is shown. */
function grouped(s) {
  const [int, frac] = s.split(".");
  return int.replace(/\B(?=(\d{3})+$)/g, ",") + (frac ? "." + frac : "");
}

/** Bits of n > 0. */
function bitLength(n) {
  const h = n.toString(16);
  return (h.length - 1) * 4 + Math.floor(Math.log2(parseInt(h[0], 16))) + 1;
}

/** {mantissaDigits: "190211...", exponent: e} with value ~ d.ddd x 10^e, `sig` significant digits (truncated). */
export function scientificParts(num, den, sig = 15) {
  num = toBig(num); den = toBig(den);
  if (num === 0n) return null;
  // 10^e <= num/den < 10^(e+1): a guess from the bit lengths (off by one or two), then corrected;
  // the scaled mantissa falls as e grows, so the two loops cannot undo each other.
  let e = Math.floor((bitLength(num) - bitLength(den)) * LOG10_2);
  const scaled = (ee) => (sig - 1 - ee >= 0 ? (num * pow10(sig - 1 - ee)) / den : num / (den * pow10(ee - (sig - 1))));
  let m = scaled(e);
  while (m >= pow10(sig)) { e += 1; m = scaled(e); }
  while (m < pow10(sig - 1)) { e -= 1; m = scaled(e); }
  return { mantissaDigits: m.toString(), exponent: e };
}

const SUPERSCRIPT = { "-": "⁻", 0: "⁰", 1: "¹", 2: "²", 3: "³", 4: "⁴", 5: "⁵", 6: "⁶", 7: "⁷", 8: "⁸", 9: "⁹" };
export const superscript = (n) => String(n).split("").map((c) => SUPERSCRIPT[c] ?? c).join("");

function trimZeros(s) { return s.replace(/0+$/, ""); }

/** "1.90211679772736 × 10⁻¹³" */
export function scientific(num, den, sig = 15) {
  const p = scientificParts(num, den, sig);
  if (!p) return "0";
  const frac = trimZeros(p.mantissaDigits.slice(1));
  const mant = p.mantissaDigits[0] + (frac ? "." + frac : "");
  return p.exponent === 0 ? mant : `${mant} × 10${superscript(p.exponent)}`;
}

/** Plain decimal, `sig` significant digits, or null when the value is too small to write that way. */
export function decimal(num, den, sig = 15, minExp = -20) {
  num = toBig(num); den = toBig(den);
  if (num === 0n) return "0";
  const p = scientificParts(num, den, sig);
  if (p.exponent < minExp) return null;
  const k = sig - 1 - p.exponent;
  const exact = k >= 0 ? (num * pow10(k)) % den === 0n : num % (den * pow10(-k)) === 0n;
  let s;
  if (p.exponent >= 0) {
    const intLen = p.exponent + 1;
    const d = p.mantissaDigits.padEnd(intLen, "0");
    s = d.slice(0, intLen) + (d.length > intLen ? "." + d.slice(intLen) : "");
  } else {
    s = "0." + "0".repeat(-p.exponent - 1) + p.mantissaDigits;
  }
  if (s.includes(".")) s = s.replace(/0+$/, "").replace(/\.$/, "");
  return exact ? s : s + "…";
}

/** "1 in 5.26 × 10¹²" (the reciprocal, rounded to `sig` digits). */
export function oneIn(num, den, sig = 4) {
  num = toBig(num); den = toBig(den);
  if (num === 0n) return "never (probability 0)";
  const p = scientificParts(den, num, sig + 2);
  // round half up on the two guard digits
  let m = BigInt(p.mantissaDigits) + 50n;
  let e = p.exponent;
  m /= 100n;
  if (m >= pow10(sig)) { m /= TEN; e += 1; }
  const ms = m.toString();
  if (e >= 0 && e < 9) {
    const intLen = e + 1;
    const d = ms.padEnd(intLen, "0");
    const frac = trimZeros(d.slice(intLen));
    return `1 in ${grouped(String(Number(d.slice(0, intLen))))}${frac ? "." + frac : ""}`;
  }
  const frac = trimZeros(ms.slice(1));
  return `1 in ${ms[0]}${frac ? "." + frac : ""} × 10${superscript(e)}`;
}

/** log10(num/den) from the integers (works far below 1e-308). */
export function log10(num, den) {
  num = toBig(num); den = toBig(den);
  if (num === 0n) return -Infinity;
  const lg = (n) => { // the leading 52 bits, exactly a double's mantissa
    const h = n.toString(16); const k = Math.min(13, h.length);
    return Math.log10(parseInt(h.slice(0, k), 16)) + (h.length - k) * 4 * LOG10_2;
  };
  return lg(num) - lg(den);
}

export const SMALLEST_NORMAL_LOG10 = Math.log10(2.2250738585072014e-308);

/** A float in [0, 1] for display from a prob object, or NaN. */
export function probFloat(p) {
  if (p === null || p === undefined) return NaN;
  if (typeof p === "number") return p;
  if (typeof p.float === "number" && (p.float > 0 || p.log10 === null)) return p.float;
  if (typeof p.log10 === "number") return 10 ** p.log10;
  return NaN;
}

/** Shorter display of a prob object without exact digits: "1.23 × 10⁻⁴⁵⁶". */
export function approxText(p, sig = 4) {
  if (p.num !== undefined) return scientific(p.num, p.den, sig);
  if (p.log10 === null || p.log10 === undefined) return p.float === 0 ? "0" : String(p.float);
  const e = Math.floor(p.log10);
  let m = 10 ** (p.log10 - e);
  let ee = e;
  if (m >= 9.9995) { m /= 10; ee += 1; }
  const mant = trimZeros(m.toFixed(sig - 1)).replace(/\.$/, "");
  return ee === 0 ? mant : `${mant} × 10${superscript(ee)}`;
}

// ---- Plain words: percentages and "1 in N" for the headline answers -------------------------

/** Round num/den * 10^k to the nearest integer (half up), exactly. */
function roundScaled(num, den, k) {
  const scaled = k >= 0 ? num * pow10(k) : num;
  const d = k >= 0 ? den : den * pow10(-k);
  return (2n * scaled + d) / (2n * d);
}

/** Digits of `m` (an integer count of 10^-dec units) as a decimal string with `dec` decimals. */
function withDecimals(m, dec) {
  if (dec <= 0) return m.toString();
  const s = m.toString().padStart(dec + 1, "0");
  return `${s.slice(0, -dec)}.${s.slice(-dec)}`;
}

/** The exponent e of the leading digit (10^e <= x < 10^(e+1)) of a positive num/den. */
function leadExponent(num, den) { return scientificParts(num, den, 3).exponent; }

const MAX_PERCENT_DECIMALS = 13; // beyond, a percentage is a wall of 9s or 0s: say "> 99.9…9 %" / "< 0.0…01 %"
const TINY_PERCENT = `0.${"0".repeat(MAX_PERCENT_DECIMALS - 1)}1`;   // the last decimal shown

/**
 * A probability as a percentage that never rounds to a lie: "64.2 %", "0.0358 %", and above
 * one half enough decimals that the distance to 100 % shows ("99.99999999998 %" for
 * 1 - 1.902e-13), so only exactly 1 prints as "100 %" and only exactly 0 as "0 %". Closer to
 * 1 or 0 than 13 decimals of a percent can show, it says so ("> 99.9999999999999 %",
 * "< 0.0000000000001 %"). Below one half: `sig` significant digits, at least one decimal, at most
 * 13 (0.000000000002 % for 2e-12 %: fewer digits, not a bound it is above). The space is a no-break space.
 * `extra`: that many more decimals (to tell two values apart: `distinctTexts`).
 * Never rounded up to a round number it is below: where rounding up carries into a last digit 0
 * ("50.0 %" for 49.9995 %, "95.0 %" for 94.9996 %), the decimals that make the difference are
 * shown ("49.9995 %"), so a value under a threshold never reads as reaching it.
 */
export function percent(num, den, sig = 3, extra = 0) {
  num = toBig(num); den = toBig(den);
  if (num === 0n) return "0\u00a0%";
  if (num === den) return "100\u00a0%";
  const high = 2n * num >= den;
  // decimals: above one half, down to the leading digit of the complement (1 - p) * 100
  let dec = extra + (high
    ? Math.max(1, -leadExponent((den - num) * 100n, den))
    : Math.max(1, sig - 1 - leadExponent(num * 100n, den)));
  if (!high && dec > MAX_PERCENT_DECIMALS) {   // fewer digits than `sig` fit in the decimals shown
    if (num * 100n * pow10(MAX_PERCENT_DECIMALS) < den) return `<\u00a0${TINY_PERCENT}\u00a0%`;
    dec = MAX_PERCENT_DECIMALS;
  }
  let m = dec <= MAX_PERCENT_DECIMALS ? roundScaled(num * 100n, den, dec) : 0n;
  let carried = false;
  while (dec <= MAX_PERCENT_DECIMALS && roundedUpToZero(m, num * 100n, den, dec)) {
    carried = true;
    dec += 1;
    if (dec <= MAX_PERCENT_DECIMALS) m = roundScaled(num * 100n, den, dec);
  }
  if (carried && dec > MAX_PERCENT_DECIMALS) { // still a carry at the last decimal shown: truncate instead
    dec = MAX_PERCENT_DECIMALS;
    m = (num * 100n * pow10(dec)) / den;
  }
  if (dec > MAX_PERCENT_DECIMALS) {     // above one half only: nearer 100 % than the decimals show
    return `>\u00a0${withDecimals(10n ** BigInt(MAX_PERCENT_DECIMALS + 2) - 1n, MAX_PERCENT_DECIMALS)}\u00a0%`;
  }
  const text = withDecimals(m, dec);
  // below one half, trailing zeros say nothing ("0.19 %", not "0.190 %"); keep one decimal
  return `${high ? text : text.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, ".0")}\u00a0%`;
}

/** m (num/den rounded to `dec` decimals, in units of 10^-dec) was rounded up and ends in 0: a carry made it rounder than the value. */
function roundedUpToZero(m, num, den, dec) {
  return m % 10n === 0n && m * den > num * pow10(dec);
}

const SCALE_WORDS = { 6: "million", 9: "billion", 12: "trillion", 15: "quadrillion", 18: "quintillion" };

/** num/den rounded half up to `sig` significant digits: {m: BigInt with sig digits, e} = m × 10^(e - sig + 1). */
function roundedParts(num, den, sig) {
  const p = scientificParts(num, den, sig + 2);
  let m = (BigInt(p.mantissaDigits) + 50n) / 100n;
  let e = p.exponent;
  if (m >= pow10(sig)) { m /= TEN; e += 1; }
  return { m, e };
}

/** `places` decimals, rounded half up, zeros kept: "10.0" for 9.99999 (truncated "9.9" would mislead). */
export function fixedDecimal(num, den, places = 1) {
  num = toBig(num); den = toBig(den);
  const scale = pow10(places);
  const m = (num * scale * 2n + den) / (2n * den);
  const whole = (m / scale).toString();
  return places ? `${whole}.${(m % scale).toString().padStart(places, "0")}` : whole;
}

/** "1.90 × 10⁻¹³": `sig` digits, rounded half up, zeros kept (`scientific` truncates). */
export function roundedScientific(num, den, sig = 3) {
  num = toBig(num); den = toBig(den);
  if (num === 0n) return "0";
  const { m, e } = roundedParts(num, den, sig);
  const d = m.toString();
  const mant = d.length > 1 ? `${d[0]}.${d.slice(1)}` : d;
  return e === 0 ? mant : `${mant} × 10${superscript(e)}`;
}

/**
 * "1 in 28", "1 in 5,260", "1 in 5.26 trillion", "1 in 1.23 × 10⁴⁵⁶": the reciprocal with
 * `sig` significant digits, in words a reader can say aloud.
 */
export function oneInWords(num, den, sig = 3) {
  num = toBig(num); den = toBig(den);
  if (num === 0n) return "never";
  const { m, e } = roundedParts(den, num, sig);
  const digits = (point) => { // the sig digits with the decimal point after `point` digits
    const s = m.toString().padEnd(point, "0");
    return trimDecimal(s.slice(0, point) + "." + s.slice(point));
  };
  if (e < 6) return `1 in ${grouped(digits(e + 1))}`;
  const k = e - (e % 3);
  if (SCALE_WORDS[k]) return `1 in ${digits(e - k + 1)} ${SCALE_WORDS[k]}`;
  const mant = digits(1);
  return `1 in ${mant === "1" ? "" : mant + " × "}10${superscript(e)}`;
}

function trimDecimal(s) { return s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s; }

// ---- Real numbers: Balanced Blitz answers are floats, not fractions ---------------------------

/** The exact value of a double x >= 0 as {num, den} strings (a double is num / 2^k exactly), so
 *  the formatting above serves floats too. Doubling is exact, so the loop ends by k = 1074. */
export function floatFraction(x) {
  if (!(x > 0)) return { num: "0", den: "1" };
  let k = 0;
  while (!Number.isInteger(x)) { x *= 2; k += 1; }
  return { num: BigInt(x).toString(), den: (2n ** BigInt(k)).toString() };
}

const LOG10_DIGITS = 12; // a log10 of a few hundred carries about 12 good digits of its mantissa

/** A real probability ({float, log10}, no num/den) as a fraction to format: the double's exact
 *  value, or below the double range (float 0, log10 finite) the mantissa from log10. */
export function realFraction(p) {
  if (p.float > 0 || p.log10 === null || p.log10 === undefined) return floatFraction(p.float);
  const e = Math.floor(p.log10);
  const m = BigInt(Math.round(10 ** (p.log10 - e + LOG10_DIGITS - 1)));
  return { num: m.toString(), den: (10n ** BigInt(LOG10_DIGITS - 1 - e)).toString() };
}

/** {num, den} of any probability object: exact ones as they are, real ones through realFraction. */
export const asFraction = (p) => (p.num === undefined ? realFraction(p) : p);

/** A real probability as machine-readable text: the double's shortest round-trip form, or
 *  mantissa and exponent from log10 below the double range ("1.234567890123e-400"). */
export function floatText(p) {
  if (p.float > 0 || p.log10 === null || p.log10 === undefined) return String(p.float);
  const e = Math.floor(p.log10);
  return `${(10 ** (p.log10 - e)).toFixed(LOG10_DIGITS - 1)}e${e}`;
}
