// A long request's progress in words, as the engine reports it (guards/budget.set_reporter, posted
// by the worker): what it works out and how far it is, in seconds of the engine's own estimate.

/** {what, done, estimate} (seconds) -> "Working out a turn of 6 reinforcements against 6 targets
 *  (chains): 2.1 s of about 5 s (42 %)"; past the estimate: "…: 6.3 s, longer than the 5 s estimated". */
export function progressText({ what, done, estimate }) {
  const s = (x) => (x >= 10 ? x.toFixed(0) : x.toFixed(1));
  const head = `Working out ${what}`;
  if (!(estimate > 0)) return `${head}: ${s(done)} s`;
  if (done > estimate) return `${head}: ${s(done)} s, longer than the ${s(estimate)} s estimated`;
  return `${head}: ${s(done)} s of about ${s(estimate)} s (${Math.min(99, Math.floor((100 * done) / estimate))} %)`;
}

/** The share done, 0 to 1, for a progress bar (1 past the estimate). */
export const progressShare = ({ done, estimate }) => (estimate > 0 ? Math.min(1, done / estimate) : 0);
