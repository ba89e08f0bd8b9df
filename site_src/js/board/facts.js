// The classic board's facts for the Turn and Hold calculators: the engine's describe()["board"]
// (continents, bonuses, territories, borders, the 83 links, other names, card sets) and the
// ready-made positions of each (sitebuild/turn_presets.py, sitebuild/hold_presets.py),
// written by the build into one asset (sitebuild/engine_facts.py board_json) that loads with the
// calculator, not with the page.
import { fold, distance } from "./position.js";
import { place } from "./geometry.js";

const BOARD_URL = new URL("../../board/classic.json", import.meta.url);

let loading = null;

/** The board, fetched once. */
export function loadBoard() {
  if (!loading) {
    loading = fetch(BOARD_URL).then((r) => {
      if (!r.ok) throw new Error(`the board could not be loaded (HTTP ${r.status})`);
      return r.json();
    }).then(indexBoard);
    loading.catch(() => { loading = null; }); // a later form may try again
  }
  return loading;
}

/** The board's facts with look-ups: territories (the board's order), continentOf, neighbours
 *  (name -> [[name, "land" | "sea"]]), nameOf (a typed name -> the board's: other names, and the
 *  drawing's short labels and codes too; null for none), closest (a typed name -> the board's name
 *  nearest to it in letters). */
export function indexBoard(data) {
  const territories = data.continents.flatMap((c) => c.territories);
  const continentOf = new Map(data.continents.flatMap((c) => c.territories.map((t) => [t, c])));
  const neighbours = new Map(territories.map((t) => [t, []]));
  for (const [a, b, kind] of data.links) {
    neighbours.get(a).push([b, kind]);
    neighbours.get(b).push([a, kind]);
  }
  const names = new Map(territories.map((t) => [fold(t), t]));
  for (const [other, t] of Object.entries(data.other_names)) names.set(fold(other), t);
  for (const t of territories) {
    const p = place(t);
    for (const label of p ? [p.short, p.code] : []) if (!names.has(fold(label))) names.set(fold(label), t);
  }
  const known = [...names.keys()].filter(Boolean);
  /** The board's name nearest to `typed` (fewest letters changed; ties: the board's order), or null. */
  const closest = (typed) => {
    const f = fold(typed);
    if (!f) return null;
    let best = null, least = Infinity;
    for (const k of known) { const d = distance(f, k); if (d < least) { best = names.get(k); least = d; } }
    return best;
  };
  return {
    continents: data.continents, links: data.links, cardSets: data.card_sets, presets: data.presets,
    holdPresets: data.hold_presets ?? [],
    territories, continentOf, neighbours,
    nameOf: (typed) => names.get(fold(typed)) ?? null,
    closest,
  };
}
