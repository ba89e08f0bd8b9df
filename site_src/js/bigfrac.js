// Exact sums of probabilities on the page (BigInt fractions), for values the engine does not
// return directly (e.g. a campaign's P(reach territory i) from its end states).

const gcd = (a, b) => { a = a < 0n ? -a : a; b = b < 0n ? -b : b; while (b) [a, b] = [b, a % b]; return a; };

export const ZERO = { num: 0n, den: 1n };

export function fromProb(p) { return { num: BigInt(p.num), den: BigInt(p.den) }; }

export function add(x, y) {
  if (x.num === 0n) return y;
  if (y.num === 0n) return x;
  const g = gcd(x.den, y.den);
  const num = x.num * (y.den / g) + y.num * (x.den / g);
  const den = (x.den / g) * y.den;
  const h = gcd(num, den) || 1n;
  return { num: num / h, den: den / h };
}

export function sum(list) { return list.reduce(add, ZERO); }

/** Many sums over subsets of the same probabilities: scale every one to the common denominator
 *  once, then each sum is plain BigInt additions and a single reduction. */
export function subsetSummer(probs) {
  let den = 1n;
  for (const p of probs) { const d = BigInt(p.den); den = (den / gcd(den, d)) * d; }
  const scaled = probs.map((p) => BigInt(p.num) * (den / BigInt(p.den)));
  return (keep) => {
    let num = 0n;
    scaled.forEach((v, i) => { if (keep(i)) num += v; });
    const h = gcd(num, den) || 1n;
    return { num: num / h, den: den / h };
  };
}

/** {num, den} as the API's probability object (strings; float and log10 filled for the views). */
export function toProb(x, log10fn) {
  const num = x.num.toString();
  const den = x.den.toString();
  const lg = log10fn(num, den);
  return { num, den, float: x.num === 0n ? 0 : 10 ** lg, log10: Number.isFinite(lg) ? lg : null };
}
