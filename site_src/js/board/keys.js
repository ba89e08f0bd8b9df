// The arrow keys on the board: from one territory to the next in the key's direction. A territory
// linked to it comes first (the keys then follow what borders what, Alaska's left arrow crossing the
// board's edge to Kamchatka); where none lies that way, the nearest territory that does.

const DIRECTIONS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const WITHIN = 0.5; // cos 60°: how far from the key's direction a territory may lie

/** The best of `candidates` ([[name, {x, y} offset]]) towards direction `d`, or null. */
function best(candidates, d) {
  let pick = null;
  let score = Infinity;
  for (const [name, v] of candidates) {
    const len = Math.hypot(v.x, v.y);
    if (!len) continue;
    const cos = (v.x * d[0] + v.y * d[1]) / len;
    if (cos < WITHIN) continue;
    const s = len * (3 - 2 * cos); // near, and straight ahead
    if (s < score) { pick = name; score = s; }
  }
  return pick;
}

/** The territory that `key` (ArrowLeft, ...) moves to from `from`, or null (not an arrow key, or
 *  nothing that way). centre(name) -> {x, y}; neighbours(name) -> [[name, wraps]] (wraps: the link
 *  crosses the board's edge, `span` wide). */
export function towards(from, key, { territories, neighbours, centre, span }) {
  const d = DIRECTIONS[key];
  if (!d) return null;
  const c = centre(from);
  const offset = (name, wraps = false) => {
    const p = centre(name);
    const x = p.x - c.x;
    return { x: wraps ? x - Math.sign(x) * span : x, y: p.y - c.y };
  };
  return best(neighbours(from).map(([n, wraps]) => [n, offset(n, wraps)]), d)
    ?? best(territories.filter((t) => t !== from).map((t) => [t, offset(t)]), d);
}
