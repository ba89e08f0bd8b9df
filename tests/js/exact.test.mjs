// Exact formatting (site_src/js/exact.js) under Node's own test runner: `node --test tests/js`.
// Inputs are exact fractions built here from integers; expected texts follow from their definitions.
import test from "node:test";
import assert from "node:assert/strict";
import {
  scientific, scientificParts, decimal, oneIn, oneInWords, percent, log10, approxText, probFloat, superscript,
  fixedDecimal,
} from "../../site_src/js/exact.js";

const pow = (b, e) => BigInt(b) ** BigInt(e);
const S = (x) => x.toString();
const NB = "\u00a0";

// P(all 75 attacking armies die against 10) is about 1.902116797727363e-13 (the article's number);
// a fraction with those digits stands in for it here, and 1 minus it for P(win).
const LOSS = [190211679772736n, pow(10, 27)];
const WIN = [LOSS[1] - LOSS[0], LOSS[1]];

test("scientific: digits, exponent, truncation not rounding", () => {
  assert.equal(scientific("1", "3", 4), "3.333 × 10⁻¹");
  assert.equal(scientific("2", "3", 4), "6.666 × 10⁻¹"); // truncated, like the digits it keeps
  assert.equal(scientific(S(LOSS[0]), S(LOSS[1])), "1.90211679772736 × 10⁻¹³");
  assert.equal(scientific("1", "1"), "1");
  assert.equal(scientific("0", "7"), "0");
  assert.equal(scientific("12345", "1", 3), "1.23 × 10⁴");
  assert.deepEqual(scientificParts("1", "8", 3), { mantissaDigits: "125", exponent: -1 });
});

test("decimal: exact when it ends, an ellipsis when it does not, null when too small", () => {
  assert.equal(decimal("1", "4"), "0.25");
  assert.equal(decimal("1", "3"), "0.333333333333333…");
  assert.equal(decimal("6610505", "10077696", 6), "0.655953…"); // P(3 v 2 win) = 0.65595399…
  assert.equal(decimal("5", "1"), "5");
  assert.equal(decimal("1", S(pow(10, 25))), null);
  assert.equal(decimal(S(WIN[0]), S(WIN[1])), "0.999999999999809…");
});

test("percent: never rounds to a lie", () => {
  assert.equal(percent(S(WIN[0]), S(WIN[1])), `99.99999999998${NB}%`); // the example
  assert.equal(percent("1", "2"), `50.0${NB}%`);
  assert.equal(percent("1", "3"), `33.3${NB}%`);
  assert.equal(percent("2", "3"), `66.7${NB}%`);
  assert.equal(percent("999", "1000"), `99.9${NB}%`);
  assert.equal(percent("9995", "10000"), `99.95${NB}%`);
  assert.equal(percent("1", "1000000"), `0.0001${NB}%`);
  assert.equal(percent("19", "10000"), `0.19${NB}%`);
  assert.equal(percent("1", "1"), `100${NB}%`);
  assert.equal(percent("0", "9"), `0${NB}%`);
  // Closer to 1 (or 0) than 13 decimals of a percent can show: says so instead of 100 % (or 0 %).
  const far = pow(10, 400);
  assert.equal(percent(S(far - 1n), S(far)), `>${NB}99.9999999999999${NB}%`);
  assert.equal(percent("1", S(far)), `<${NB}0.0000000000001${NB}%`);
  // below one half, fewer digits where 13 decimals cannot hold 3, never a bound it is above
  assert.equal(percent("2", S(pow(10, 14))), `0.000000000002${NB}%`);
  assert.equal(percent("1", S(pow(10, 15))), `0.0000000000001${NB}%`);
  assert.equal(percent("9", S(pow(10, 16))), `<${NB}0.0000000000001${NB}%`);
  for (const [n, d] of [[far - 1n, far], [WIN[0], WIN[1]], [99999n, 100000n]]) {
    assert.notEqual(percent(S(n), S(d)), `100${NB}%`);
  }
});

test("1 in N, in figures and in words", () => {
  assert.equal(oneIn(S(LOSS[0]), S(LOSS[1])), "1 in 5.257 × 10¹²");
  assert.equal(oneInWords(S(LOSS[0]), S(LOSS[1])), "1 in 5.26 trillion"); // the example
  assert.equal(oneInWords("1", "28"), "1 in 28");
  assert.equal(oneInWords("10", "281"), "1 in 28.1");
  assert.equal(oneInWords("1", "12345"), "1 in 12,300");
  assert.equal(oneInWords("1", "1234567"), "1 in 1.23 million");
  assert.equal(oneInWords("1", "999999999"), "1 in 1 billion"); // rounds up into the next word
  assert.equal(oneInWords("1", S(pow(10, 31))), "1 in 10³¹");
  assert.equal(oneInWords("3", S(pow(10, 470) * 7n)), "1 in 2.33 × 10⁴⁷⁰");
  assert.equal(oneInWords("0", "5"), "never");
  assert.equal(oneIn("0", "5"), "never (probability 0)");
});

test("log10 far below the float range, and of huge fractions", () => {
  assert.equal(log10("1", S(pow(10, 400))), -400);
  assert.ok(Math.abs(log10("3", S(pow(10, 470) * 7n)) - (Math.log10(3 / 7) - 470)) < 1e-12);
  // (3/4)^5000: 2,386-digit numerator, 3,011-digit denominator.
  const [n, d] = [pow(3, 5000), pow(4, 5000)];
  const lg = 5000 * Math.log10(0.75);
  assert.ok(Math.abs(log10(S(n), S(d)) - lg) < 1e-9);
  const p = scientificParts(S(n), S(d), 8);
  assert.equal(p.exponent, Math.floor(lg));
  assert.ok(Math.abs(Number(p.mantissaDigits) / 1e7 - 10 ** (lg - Math.floor(lg))) < 1e-5);
  assert.equal(log10("0", "1"), -Infinity);
});

test("values below the smallest double keep their digits", () => {
  const d = pow(10, 330) * 3n;
  assert.equal(scientific("1", S(d), 6), "3.33333 × 10⁻³³¹");
  assert.equal(approxText({ float: 0, log10: -470.3 }, 4), "5.012 × 10⁻⁴⁷¹");
  assert.equal(approxText({ float: 0, log10: null }), "0");
  assert.equal(probFloat({ float: 0, log10: -400 }), 0); // 10 ** -400 underflows: the float is 0 honestly
  assert.equal(probFloat({ float: 0.25, log10: Math.log10(0.25) }), 0.25);
});

test("superscript exponents", () => {
  assert.equal(superscript(-13), "⁻¹³");
  assert.equal(superscript(470), "⁴⁷⁰");
});

test("scientificParts of huge fractions: the exponent is the exact floor(log10), at powers of ten too", () => {
  // Definition: 10^e <= num/den < 10^(e+1) and the mantissa is floor(num/den * 10^(sig-1-e)).
  const check = (num, den, sig) => {
    const { mantissaDigits, exponent: e } = scientificParts(S(num), S(den), sig);
    const scaled = sig - 1 - e >= 0 ? (num * pow(10, sig - 1 - e)) / den : num / (den * pow(10, e - sig + 1));
    assert.equal(mantissaDigits, S(scaled));
    assert.equal(mantissaDigits.length, sig, `${num}/${den}`);
  };
  for (const k of [0, 1, 9, 10, 300, 4000]) {
    for (const [num, den] of [[pow(10, k), 1n], [1n, pow(10, k)], [pow(10, k) - 1n, 1n], [pow(10, k) + 1n, 1n],
      [1n, pow(10, k) + 1n], [pow(7, k + 1), pow(6, k + 2)], [pow(2, 3 * k + 1), pow(5, k)]]) {
      if (num === 0n) continue;
      check(num, den, 15);
      check(num, den, 4);
    }
  }
  // 7^8000 / 6^8100: about 6,761 digits over 6,304; its log10 and its "1 in N" agree.
  const [n, d] = [pow(7, 8000), pow(6, 8100)];
  check(n, d, 15);
  const lg = 8000 * Math.log10(7) - 8100 * Math.log10(6);
  assert.ok(Math.abs(log10(S(n), S(d)) - lg) < 1e-9);
  assert.equal(scientificParts(S(n), S(d), 3).exponent, Math.floor(lg));
});

test("fixedDecimal: averages to the decimals a player uses, rounded, not truncated", () => {
  // the defender's expected losses in 75 v 10: 10 minus about 3.6e-13
  assert.equal(fixedDecimal(S(pow(10, 14) * 10n - 36n), S(pow(10, 14))), "10.0");
  assert.equal(fixedDecimal("83127", "10000"), "8.3");
  assert.equal(fixedDecimal("8350", "1000"), "8.4");   // half up
  assert.equal(fixedDecimal("8349", "1000"), "8.3");
  assert.equal(fixedDecimal("1", "3", 2), "0.33");
  assert.equal(fixedDecimal("2", "3", 2), "0.67");
  assert.equal(fixedDecimal("1", "300"), "0.0");
  assert.equal(fixedDecimal("99999", "1"), "99999.0");
  assert.equal(fixedDecimal("7", "2", 0), "4");
  assert.equal(fixedDecimal("0", "7"), "0.0");
});
