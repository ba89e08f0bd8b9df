// Our own schematic drawing of the classic board: every territory a box on a grid, roughly where
// it lies on a map of the world; no artwork of the boxed game. The board's facts (territories,
// continents, bonuses, links) are the engine's (board/facts.js); this file only says where to draw
// them and what to write in a box too small for a whole name. tests/js/board.test.mjs checks the
// drawing against the engine's board: every territory placed once, no two boxes overlapping, no
// link passing through a third box.
//
// Units: the SVG's user units. A box is BOX.w x BOX.h, centred on (col * CELL.x, row * CELL.y).

export const CELL = { x: 120, y: 84 };
export const BOX = { w: 108, h: 66 };

/** The drawing's extent: the boxes, the continents' names above and below them, and room at both
 *  edges for the link that crosses the edge (WRAP). */
export const VIEW = { x: -110, y: -72, w: 1480, h: 680 };

/** The link drawn across the board's edge, as the world wraps round: Alaska to the left edge,
 *  Kamchatka to the right. */
export const WRAP = ["Alaska", "Kamchatka"];

/** Whether the link between a and b is the one drawn across the board's edge. */
export const wraps = (a, b) => WRAP.includes(a) && WRAP.includes(b) && a !== b;

// territory: [column, row, short name (a box about 9 letters wide), code (a box too small for that)]
const PLACES = {
  "Alaska": [0, 0.4, "Alaska", "ALA"],
  "Northwest Territory": [1, 0.2, "NW Terr.", "NWT"],
  "Greenland": [2.7, 0, "Greenland", "GRL"],
  "Alberta": [0.9, 1.3, "Alberta", "ALB"],
  "Ontario": [1.9, 1.3, "Ontario", "ONT"],
  "Quebec": [2.9, 1.2, "Quebec", "QUE"],
  "Western United States": [1.1, 2.3, "West US", "WUS"],
  "Eastern United States": [2.2, 2.4, "East US", "EUS"],
  "Central America": [1.5, 3.35, "C. America", "CAM"],
  "Venezuela": [1.9, 4.35, "Venezuela", "VEN"],
  "Peru": [1.4, 5.35, "Peru", "PER"],
  "Brazil": [2.6, 5.3, "Brazil", "BRA"],
  "Argentina": [1.9, 6.3, "Argentina", "ARG"],
  "Iceland": [4, 0.4, "Iceland", "ICE"],
  "Scandinavia": [5.15, 0.25, "Scandinav.", "SCA"],
  "Great Britain": [4, 1.45, "Britain", "GB"],
  "Northern Europe": [5.1, 1.5, "N. Europe", "NEU"],
  "Western Europe": [4.15, 2.55, "W. Europe", "WEU"],
  "Southern Europe": [5.3, 2.6, "S. Europe", "SEU"],
  "Ukraine": [6.25, 1.3, "Ukraine", "UKR"],
  "North Africa": [4, 3.95, "N. Africa", "NAF"],
  "Egypt": [5.2, 3.8, "Egypt", "EGY"],
  "East Africa": [5.5, 4.9, "E. Africa", "EAF"],
  "Congo": [4.4, 5, "Congo", "CON"],
  "South Africa": [4.7, 6.1, "S. Africa", "SAF"],
  "Madagascar": [5.9, 6.1, "Madagasc.", "MAD"],
  "Ural": [7.3, 1.1, "Ural", "URA"],
  "Siberia": [8.2, 0.2, "Siberia", "SIB"],
  "Yakutsk": [9.35, 0.2, "Yakutsk", "YAK"],
  "Kamchatka": [10.5, 0.2, "Kamchatka", "KAM"],
  "Irkutsk": [9.35, 1.15, "Irkutsk", "IRK"],
  "Mongolia": [9.35, 2.6, "Mongolia", "MON"],
  "Japan": [10.55, 2.4, "Japan", "JAP"],
  "Afghanistan": [7.2, 2.3, "Afghan.", "AFG"],
  "China": [8.3, 2.6, "China", "CHI"],
  "Middle East": [6.5, 3.5, "Mid. East", "MEA"],
  "India": [7.6, 3.7, "India", "IND"],
  "Siam": [8.7, 3.8, "Siam", "SIA"],
  "Indonesia": [8.9, 5, "Indonesia", "IDN"],
  "New Guinea": [10.1, 4.9, "N. Guinea", "NGU"],
  "Western Australia": [9.2, 6.1, "W. Austr.", "WAU"],
  "Eastern Australia": [10.4, 6.1, "E. Austr.", "EAU"],
};

// continent: where its name and bonus are written (centre x, baseline y), above or below its boxes
const NAME_AT = {
  "North America": [1.6, -0.55],
  "South America": [1.9, 7.05],
  "Europe": [5.1, -0.55],
  "Africa": [5.3, 6.85],
  "Asia": [9.3, -0.55],
  "Australia": [9.8, 6.85],
};

const at = ([col, row]) => ({ x: col * CELL.x, y: row * CELL.y });

/** Where `territory` is drawn: {x, y} (its centre), its box {x0, y0, x1, y1}, its short name and code;
 *  null for a name this drawing does not know. */
export function place(territory) {
  const p = PLACES[territory];
  if (!p) return null;
  const { x, y } = at(p);
  return { x, y, x0: x - BOX.w / 2, y0: y - BOX.h / 2, x1: x + BOX.w / 2, y1: y + BOX.h / 2, short: p[2], code: p[3] };
}

/** Where a continent's name goes ({x, y}), or null. */
export function nameAt(continent) {
  return NAME_AT[continent] ? at(NAME_AT[continent]) : null;
}

/** The territories this drawing places, in no particular order. */
export const placed = () => Object.keys(PLACES);

/** The continents this drawing writes a name for. */
export const named = () => Object.keys(NAME_AT);
