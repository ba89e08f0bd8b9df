// Number puzzles (issue 35, item 7) under Node: a chance never shown rounded up to a round number it
// is below, neighbours told apart, gains in points, exact ties called "as good". The oracle reads
// each text back as an exact decimal (BigInt) and checks it against the fraction it shows.
import test from "node:test";
import assert from "node:assert/strict";
import { percent } from "../../site_src/js/exact.js";
import { cellChance, chance, distinctTexts, nextBestTexts, pointsText, sameChance } from "../../site_src/js/views/answer.js";

const NB = "\u00a0";
const prob = (num, den) => ({ num: String(num), den: String(den) });

/** "49.9995 %" -> {m: 499995n, dec: 4}: the text's value is m / 10^dec percent. */
function readPercent(text) {
  const s = text.replace(`${NB}%`, "");
  const [int, frac = ""] = s.split(".");
  return { m: BigInt(int + frac), dec: frac.length };
}

/** A small deterministic generator (no Math.random: the same cases every run). */
function* fractions(count) {
  let x = 123456789n;
  const next = () => { x = (x * 6364136223846793005n + 1442695040888963407n) % (1n << 64n); return x; };
  for (let i = 0; i < count; i++) {
    const den = 10n ** BigInt(3 + Number(next() % 9n)) + next() % 997n;
    yield [next() % den, den];
  }
  // values just under round numbers, where rounding up used to lie
  for (const [n, d] of [[499995n, 1000000n], [4999995n, 10000000n], [949996n, 1000000n], [6495n, 10000n], [99999995n, 100000000n],
    [999999994n, 1000000000n], [1999999n, 20000000n], [9996n, 1000000n]]) yield [n, d];
}

test("percent: never rounded up into a round number it is below, and within half a unit of its last digit", () => {
  for (const [num, den] of fractions(3000)) {
    if (num === 0n) continue;
    const text = percent(String(num), String(den));
    if (/[<>]/.test(text) || text === `100${NB}%`) continue;
    const { m, dec } = readPercent(text);
    const scale = 10n ** BigInt(dec);
    // shown m/10^dec % against the value num/den * 100 %, compared as integers
    const shown = m * den, value = num * 100n * scale;
    assert.ok(2n * (shown > value ? shown - value : value - shown) <= den, `${num}/${den}: ${text} is off by more than half a unit`);
    if (shown > value) assert.notEqual(text.replace(`${NB}%`, "").slice(-1), "0", `${num}/${den}: ${text} was rounded up into a round number`);
  }
  assert.equal(percent("499995", "1000000"), `49.9995${NB}%`);   // the article's 12 for 50 %: 11 is not "50.0 %"
  assert.equal(percent("949996", "1000000"), `94.9996${NB}%`);
  assert.equal(percent("1", "2"), `50.0${NB}%`);                  // exactly a round number: as before
  assert.equal(percent("500001", "1000000"), `50.0${NB}%`);       // above it, rounded down to it: true
});

test("distinctTexts: neighbours that differ never read the same; equal ones keep equal texts", () => {
  // the needed answer at 99.9999 %: 39 and 38 were both "> 99.99 %"
  const a = prob(9999996n, 10000000n), b = prob(99999912n, 100000000n);
  const [ta, tb] = distinctTexts([a, b]);
  assert.notEqual(ta, tb);
  assert.equal(ta, `99.99996${NB}%`);
  assert.equal(tb, `99.99991${NB}%`);
  // 35.8 % beside 35.8 %: the digits that make the difference
  const [c, d] = distinctTexts([prob(358123, 1000000), prob(357951, 1000000)]);
  assert.deepEqual([c, d], [`35.81${NB}%`, `35.795${NB}%`]);   // (35.80 would be 35.795 rounded up into a 0)
  // with the target between them (the needed answer: 46 reach 99.9999 %, 45 fall short by 1.07 × 10⁻⁷):
  // 45 is not shown at the target ("99.9999 %") nor as "> 99.99 %" beside a full number
  const [hi, t, lo] = distinctTexts([prob(99999964n, 100000000n), prob(999999, 1000000), prob(9999989341n, 10000000000n)]);
  assert.deepEqual([hi, t, lo], [`99.999964${NB}%`, `99.99990${NB}%`, `99.99989${NB}%`]);
  // every pair of neighbours in a list, exact or tiny
  const list = [prob(1, 3), prob(333334, 1000000), prob(333334, 1000000), prob(1, 10 ** 9), prob(1000001, 10 ** 15)];
  const texts = distinctTexts(list);
  for (let i = 0; i + 1 < list.length; i++) {
    assert.equal(texts[i] === texts[i + 1], sameChance(list[i], list[i + 1]), `${texts[i]} / ${texts[i + 1]}`);
  }
  // nothing to tell apart: chance's own texts
  assert.deepEqual(distinctTexts([prob(2, 3), prob(1, 4)]), [chance(prob(2, 3)).main, chance(prob(1, 4)).main]);
});

test("nextBestTexts: an exact tie is 'as good'; a near one gets its digits", () => {
  const best = prob(358, 1000);
  assert.deepEqual(nextBestTexts(best, [prob(716, 2000), prob(3579, 10000), prob(1, 10)]),
    [`35.8${NB}%, as good`, `35.79${NB}%`, `10.0${NB}%`]);
});

test("pointsText: a gain in percentage points, never a power of ten", () => {
  assert.equal(pointsText(prob(122, 10 ** 7)), `0.00122${NB}points`);   // "Planning adds 1.22 × 10⁻⁵" before
  assert.equal(pointsText(prob(1, 10 ** 5)), `0.001${NB}points`);
  assert.equal(pointsText(prob(1, 8)), `12.5${NB}points`);
  assert.equal(pointsText(prob(0, 1)), `0${NB}points`);
  for (const [n, d] of [[1, 10 ** 9], [7, 10 ** 12], [3, 7]]) assert.doesNotMatch(pointsText(prob(n, d)), /10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]/);
});

test("cellChance of a summary (a float): never 100 % below 1, never rounded up into a round number", () => {
  const f = (x) => cellChance({ float: x, log10: Math.log10(x) });
  assert.equal(f(0.9996), `99.96${NB}%`);                                            // was "100 %"
  assert.equal(f(0.499995), `49.9995${NB}%`);                                        // was "50.0 %"
  assert.equal(f(0.0767313), `7.67${NB}%`);
  assert.equal(f(0.99999), `>${NB}99.99${NB}%`);
});

test("heat map labels: whole percents, never rounded up into a round number", async () => {
  const { cellLabel } = await import("../../site_src/js/views/heatmap.js");
  assert.equal(cellLabel(0.496), "49%");
  assert.equal(cellLabel(0.5), "50%");
  assert.equal(cellLabel(0.504), "50%");
  assert.equal(cellLabel(0.676), "68%");
  assert.equal(cellLabel(0.996), ">99%");
  assert.equal(cellLabel(0.001), "<1%");
});
