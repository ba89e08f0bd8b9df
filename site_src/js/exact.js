// Exact formatting of probabilities given as decimal-string numerator and denominator (BigInt math,
// so values far below the float range still get correct digits).

const TEN = 10n;

export function toBig(s) { return BigInt(s); }

function pow10(k) { return TEN ** BigInt(k); }

function digits(n) { return n.toString().length; }

/** {mantissaDigits: "190211...", exponent: e} with value ~ d.ddd x 10^e, `sig` significant digits (truncated). */
export function scientificParts(num, den, sig = 15) {
  num = toBig(num); den = toBig(den);
  if (num === 0n) return null;
  let e = digits(num) - digits(den); // 10^e <= num/den < 10^(e+1), off by at most one
  const scaled = (ee) => (sig - 1 - ee >= 0 ? (num * pow10(sig - 1 - ee)) / den : num / (den * pow10(ee - (sig - 1))));
  let m = scaled(e);
  if (m >= pow10(sig)) { e += 1; m = scaled(e); }
  if (m < pow10(sig - 1)) { e -= 1; m = scaled(e); }
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
    return `1 in ${Number(d.slice(0, intLen)).toLocaleString("en-US")}${frac ? "." + frac : ""}`;
  }
  const frac = trimZeros(ms.slice(1));
  return `1 in ${ms[0]}${frac ? "." + frac : ""} × 10${superscript(e)}`;
}

/** log10(num/den) from the integers (works far below 1e-308). */
export function log10(num, den) {
  num = toBig(num); den = toBig(den);
  if (num === 0n) return -Infinity;
  const lg = (n) => { const s = n.toString(); const k = Math.min(17, s.length); return Math.log10(Number(s.slice(0, k))) + (s.length - k); };
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
