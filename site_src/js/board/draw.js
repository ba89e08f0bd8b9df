// The board, drawn in SVG by our own code (board/geometry.js has where; board/facts.js the engine's
// facts): the continents as tinted shapes with their names and bonuses, the 83 links (sea links
// dashed, Alaska-Kamchatka leaving one edge and coming back at the other), and each territory a
// control: focusable (one tab stop; the arrow keys move between territories, board/keys.js), a
// button whose name says who holds it, its armies and whether it is a target, with data-territory.
// Over them a plan, the engine's answer (board/plan-layer.js): armies placed and the attacks as
// arrows with their badges; for the Hold calculator, the holder's placement and fortify move and the
// opponent's placement and attack, each side in its colour; during "Play it", the position now and
// the next action (scene()).
//
// The drawing always holds the whole board; the frame around it pans and zooms (board/zoom.js). A
// view opens it on a part: the goal with every territory bordering it and every territory in play
// (the default once there is a goal), one continent and its borders, or the whole board. Texts are
// laid out again at every zoom (board/texts.js), so none is under 12 px and none covers another.
import { el, svg } from "../dom.js";
import { BOX, VIEW, WRAP, place, nameAt, wraps } from "./geometry.js";
import { towards } from "./keys.js";
import { PLAYER, OPPONENT } from "./position.js";
import { WHOLE, holds, viewRect, zoomPan } from "./zoom.js";
import { PAD, layoutTexts } from "./texts.js";
import { drawSteps, layoutSteps } from "./plan-layer.js";

const TEXT_PX = 12; // every text on the board, in CSS pixels at any zoom
const BRIDGE = 44; // a continent's land between two of its boxes that a land link joins
const GOAL = "goal"; // the view of the goal, its borders and every territory in play

const box = (p) => ({ x: p.x0, y: p.y0, width: BOX.w, height: BOX.h });

/** Who holds a territory, in words: "yours", "the opponent's", "held by red". */
function holderWords(owner) {
  if (owner === PLAYER) return "yours";
  return owner === OPPONENT ? "the opponent's" : `held by ${owner}`;
}

/** The board for one form. board: facts.js's index; id: a prefix for ids; onPick(name): a tap, Enter
 *  or Space. goalMark: how the set the form asks about is marked, "target" (its territories not the
 *  player's, as targets: the Turn) or "hold" (each, as a territory to hold: the Hold); goalView: the
 *  zoom's name for it and its borders; legend: [[swatch class, words]] after the board's own. */
export function drawBoard(board, { id, editorId, helpId, onPick, goalMark = "target", goalView = "Goal and borders", legend: more = [] }) {
  const territories = board.territories;
  const nodes = new Map(); // name -> {g, shape, ring, name, armies}
  let zoomed = ""; // the view: GOAL, a continent's name, or "" (the whole board)
  let state = { holdings: new Map(), goal: new Set(), selected: null, placed: new Map(), theirs: new Map(), fault: new Set() };
  let planData = null;
  let play = null; // a scene of "Play it": {holdings, taken, steps}, shown instead of the position and plan
  let current = null; // the one tab stop: the territory picked or moved to last, at first the player's first
  let chosen = false; // the reader picked the view (or moved the focus out of it): it stays

  const root = svg("svg", { class: "board", role: "group", "aria-label": "The board", "aria-describedby": helpId, "font-size": TEXT_PX });
  const layer = (cls, hidden = true) => svg("g", { class: cls, "aria-hidden": hidden ? "true" : null });
  const lands = layer("lands"), links = layer("links"), names = layer("names"), plan = layer("plan");
  const spots = svg("g", { class: "territories" });

  board.continents.forEach((c, i) => {
    const g = svg("g", { class: `land land-${i}` });
    for (const t of c.territories) {
      const p = place(t);
      g.append(svg("rect", { x: p.x0 - PAD, y: p.y0 - PAD, width: BOX.w + 2 * PAD, height: BOX.h + 2 * PAD, rx: 16 }));
    }
    for (const [a, b, kind] of board.links) {
      if (kind === "land" && c.territories.includes(a) && c.territories.includes(b)) {
        const p = place(a), q = place(b);
        g.append(svg("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, "stroke-width": BRIDGE }));
      }
    }
    lands.append(g);
    const at = nameAt(c.name);
    names.append(svg("text", { class: "continent-name", x: at.x, y: at.y, "text-anchor": "middle", "data-continent": c.name },
      `${c.name}: bonus ${c.bonus}`));
  });

  for (const [a, b, kind] of board.links) {
    if (wraps(a, b)) continue;
    const p = place(a), q = place(b);
    links.append(svg("line", { class: `link ${kind}`, x1: p.x, y1: p.y, x2: q.x, y2: q.y }));
  }
  const [west, east] = WRAP.map(place);
  const wrapLabels = [
    svg("text", { class: "wrap-label", "text-anchor": "start" }, `to ${WRAP[1]}`),
    svg("text", { class: "wrap-label", "text-anchor": "end" }, `to ${WRAP[0]}`),
  ];
  links.append(
    svg("line", { class: "link sea", x1: west.x0, y1: west.y, x2: VIEW.x, y2: west.y }),
    svg("line", { class: "link sea", x1: east.x1, y1: east.y, x2: VIEW.x + VIEW.w, y2: east.y }),
    ...wrapLabels);

  for (const t of territories) {
    const p = place(t);
    const g = svg("g", { class: "spot", role: "button", tabindex: "-1", "data-territory": t,
      "aria-controls": editorId, "aria-expanded": "false" });
    const n = {
      g, shape: svg("rect", { class: "t-box", ...box(p), rx: 8 }),
      ring: svg("rect", { class: "t-ring", x: p.x0 + 4, y: p.y0 + 4, width: BOX.w - 8, height: BOX.h - 8, rx: 5 }),
      name: svg("text", { class: "t-name", x: p.x, "text-anchor": "middle", "dominant-baseline": "central" }, p.short),
      armies: svg("text", { class: "t-armies", x: p.x, "text-anchor": "middle", "dominant-baseline": "central" }),
    };
    g.append(n.shape, n.ring, n.name, n.armies);
    nodes.set(t, n);
    spots.append(g);
  }
  root.append(lands, links, spots, names, plan);
  const frame = el("div", { class: "board-frame" }, root); // clips and pans what lies outside it

  // ---- the view and the zoom (board/zoom.js) ----
  const select = el("select", { id: `${id}-zoom` },
    el("option", { value: GOAL }, goalView),
    el("option", { value: "" }, "Whole board"),
    board.continents.map((c) => el("option", { value: c.name }, `${c.name} (bonus ${c.bonus})`)));
  const zoomButton = (by, text, label) => el("button", { type: "button", class: "zoom-step", "data-zoom": by, "aria-label": label }, text);
  const zoomOut = zoomButton(-1, "−", "Zoom out"), zoomIn = zoomButton(1, "+", "Zoom in");
  const bar = el("div", { class: "board-bar" }, el("label", { for: `${id}-zoom` }, "Show"), select,
    el("span", { class: "zoom-buttons" }, zoomOut, zoomIn));
  select.value = zoomed;
  select.addEventListener("change", () => { chosen = true; zoomTo(select.value); });
  const zoom = zoomPan({ root, frame, zoomIn, zoomOut, onScale: fit });

  const holdingsNow = () => play?.holdings ?? state.holdings;
  const goalKey = () => [...state.goal].sort().join("|") + "/" + [...holdingsNow().keys()].sort().join("|");
  let shownGoal = "";

  /** Until the reader picks a view: the goal, its borders and what is in play, once there is a goal;
   *  else the whole board. A view of the goal follows the goal and the territories in play. */
  function autoZoom() {
    const want = state.goal.size ? GOAL : "";
    if (select.value !== zoomed) select.value = zoomed; // a form's reset puts the select back to its first view
    if (!chosen && want !== zoomed) zoomTo(want);
    else if (zoomed === GOAL && goalKey() !== shownGoal) zoomTo(GOAL);
  }

  /** The rectangle of a view. */
  function rectOf(which) {
    const continent = board.continents.find((c) => c.name === which);
    if (continent) return viewRect(board, continent.territories, [], continent.name);
    if (which !== GOAL) return { ...WHOLE };
    const core = [...state.goal];
    const whole = board.continents.find((c) => c.territories.length === core.length && c.territories.every((t) => core.includes(t)));
    return viewRect(board, core, [...holdingsNow().keys()], whole?.name);
  }

  function zoomTo(which) {
    const continent = board.continents.find((c) => c.name === which);
    zoomed = continent ? which : which === GOAL && state.goal.size ? GOAL : "";
    select.value = zoomed;
    shownGoal = goalKey();
    root.dataset.zoom = zoomed;
    zoom.show(rectOf(zoomed));
  }

  /** Whether a territory's box lies inside the view opened last. */
  const inView = (t) => holds(zoom.rect, place(t));

  // ---- texts: laid out for the size the board is drawn at (board/texts.js), then the plan over them ----
  let taken = []; // the boxes of the texts shown
  function fit(u) {
    // the edge's label gives way to an attack that comes in across the edge
    const gone = (label) => planSteps().some((s) => wraps(s.from, s.target) && s.target === WRAP[wrapLabels.indexOf(label)]);
    root.setAttribute("font-size", (TEXT_PX * u).toFixed(2)); // first: the texts are measured at it
    taken = layoutTexts({ nodes, names: [...names.children], wrapLabels, board, fs: TEXT_PX * u, gone });
    for (const [t, n] of nodes) name(t, n);
    drawPlan();
  }
  let seenWidth = 0;
  const wrapper = el("div", { class: "board-view" }); // (filled below)
  if ("ResizeObserver" in self) {
    // laid out again in the next frame, not inside the observer: resizing there would make WebKit
    // report "ResizeObserver loop completed with undelivered notifications" as a page error
    let pending = 0;
    new ResizeObserver(() => {
      if (pending) return;
      pending = requestAnimationFrame(() => {
        pending = 0;
        if (frame.clientWidth === seenWidth) return;
        seenWidth = frame.clientWidth;
        autoZoom();
        zoom.show(zoom.rect);
      });
    }).observe(wrapper);
  }

  // ---- the position: who holds what, the goal, the territory being edited ----
  function update(next) {
    state = { ...state, ...next };
    const holdings = holdingsNow();
    for (const [t, n] of nodes) {
      const h = holdings.get(t);
      const goal = state.goal.has(t);
      const placed = play ? null : state.placed.get(t);
      const theirs = play ? null : state.theirs.get(t); // the opponent's reply places these (the Hold)
      const justTaken = Boolean(play?.taken?.has(t));
      n.g.dataset.owner = h ? (h.owner === PLAYER ? "you" : "them") : "none";
      const target = goalMark === "target" && goal && Boolean(h) && h.owner !== PLAYER;
      n.g.toggleAttribute("data-target", target);
      n.g.toggleAttribute("data-hold", goalMark === "hold" && goal);
      n.g.toggleAttribute("data-fault", state.fault.has(t));
      n.g.toggleAttribute("data-taken", justTaken);
      // a space first (drawn as nothing): read after the name, the box's words are "Peru 1", not "Peru1"
      n.armies.replaceChildren(h ? ` ${h.armies}` : "", placed ? svg("tspan", { class: "placed" }, ` +${placed}`) : "",
        theirs ? svg("tspan", { class: "placed theirs" }, ` +${theirs}`) : "");
      n.g.setAttribute("aria-expanded", String(state.selected === t));
      const words = h ? `${holderWords(h.owner)}, ${h.armies} ${h.armies === 1 ? "army" : "armies"}` : "not in play";
      const aim = target ? ", target" : goalMark === "hold" && goal ? ", to hold" : "";
      const plan = (placed ? `, the plan places ${placed} here` : "") + (theirs ? `, the opponent's reply places ${theirs} here` : "");
      const fault = state.fault.has(t) ? ", named in the message" : "";
      n.details = `${board.continentOf.get(t).name}, ${words}${justTaken ? ", taken this turn" : ""}${aim}${plan}${fault}`;
      name(t, n);
    }
    const first = territories.find((t) => holdings.get(t)?.owner === PLAYER) ?? territories[0];
    setCurrent(state.selected ?? current ?? first);
    autoZoom();
  }

  /** A territory's accessible name: what its box shows (so a voice can name it as seen), then in
   *  words its full name, continent, holder, armies, and whether it is a target:
   *  "N. Africa 4 +6: North Africa, Africa, yours, 4 armies, the plan places 6 here". */
  function name(t, n) {
    const shown = n.name.hasAttribute("hidden") ? t : n.name.textContent;
    const full = shown === t ? "" : `${t}, `;
    n.g.setAttribute("aria-label", `${`${shown}${n.armies.textContent}`.trim()}: ${full}${n.details ?? ""}`);
  }

  function setCurrent(t) {
    if (!nodes.has(t)) return;
    if (current) nodes.get(current).g.setAttribute("tabindex", "-1");
    current = t;
    nodes.get(t).g.setAttribute("tabindex", "0");
  }

  function focusTerritory(t) {
    setCurrent(t);
    zoom.reveal(place(t));
    nodes.get(t).g.focus({ preventScroll: true });
  }

  const spotOf = (target) => target.closest && target.closest(".spot");
  root.addEventListener("click", (e) => {
    const g = spotOf(e.target);
    if (g) { setCurrent(g.dataset.territory); onPick(g.dataset.territory); }
  });
  root.addEventListener("keydown", (e) => {
    const g = spotOf(e.target);
    if (!g) return;
    const t = g.dataset.territory;
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPick(t); return; }
    const next = towards(t, e.key, {
      territories,
      neighbours: (n) => board.neighbours.get(n).map(([m]) => [m, wraps(n, m)]),
      centre: place, span: VIEW.w,
    });
    if (e.key.startsWith("Arrow")) e.preventDefault();
    if (next) focusTerritory(next);
  });

  // ---- the plan: the engine's placement and attacks (board/plan-layer.js) ----
  const planSteps = () => (play ? play.steps : planData ? planData.steps : []);

  /** r: {placement: [{territory, armies}], steps: [{from, target, move} | {from, target, label, kind}],
   *  theirs: the opponent's placement (optional)}, or null (no plan). */
  function plan_(r) {
    const placed = (list) => (list ?? []).filter((p) => p.armies > 0);
    planData = r ? { placement: placed(r.placement), theirs: placed(r.theirs), steps: r.steps } : null;
    state.placed = new Map((planData?.placement ?? []).map((p) => [p.territory, p.armies]));
    state.theirs = new Map((planData?.theirs ?? []).map((p) => [p.territory, p.armies]));
    update({});
    if (zoom.u) fit(zoom.u);
  }

  function drawPlan() {
    const steps = planSteps();
    if (!steps.length || !zoom.u) { plan.replaceChildren(); return; }
    // a label's words measured as drawn (bold, at the board's size), in a label kept out of sight
    const probe = svg("text", {});
    plan.replaceChildren(svg("g", { class: "step-label probe" }, probe));
    const measure = (words) => { probe.textContent = words; return probe.getComputedTextLength(); };
    const laid = layoutSteps(steps, { u: zoom.u, view: zoom.rect, taken: [...taken], inView, measure });
    plan.replaceChildren(...drawSteps(laid, zoom.u));
  }

  /** "Play it": the position now (holdings: Map territory -> {owner, armies}; taken: the territories
   *  conquered this turn) and its arrows (steps as plan_'s) drawn instead of the position and the
   *  plan; null: back to them. The view is opened again on the goal and what is in play. */
  function scene(s) {
    play = s ? { holdings: s.holdings, taken: new Set(s.taken ?? []), steps: s.steps ?? [] } : null;
    root.toggleAttribute("data-playing", Boolean(play));
    update({});
    if (zoom.u) fit(zoom.u);
  }

  const legend = el("ul", { class: "board-legend", "aria-hidden": "true" }, // the territories' names say the same
    [["sw-you", "Yours"], ["sw-them", "Opponent's"], goalMark === "hold" ? ["sw-hold", "To hold"] : ["sw-target", "Target"],
      ["sw-none", "Not in play"], ["sw-sea", "Across the sea"], ...more]
      .map(([cls, text]) => el("li", {}, el("span", { class: `sw ${cls}` }), text)));
  // a frame that clips what lies outside the view (WebKit counts it as overflow of the page otherwise)
  wrapper.append(bar, frame, legend);
  return {
    element: wrapper,
    update,
    plan: plan_,
    scene,
    /** Share the screen with a panel under it (Play it on a phone): a lower frame. */
    dock: (on) => { wrapper.classList.toggle("docked", on); zoom.dock(on); },
    stale: (on) => plan.classList.toggle("stale", on),
    /** Mark the territories an engine message names (none: unmark). */
    fault: (names) => { if (names.length || state.fault.size) update({ fault: new Set(names) }); },
    fit: () => { if (zoom.u) fit(zoom.u); },
    /** A new position: the tab stop goes back to the player's first territory, the view to its default. */
    restart: () => { if (current) nodes.get(current).g.setAttribute("tabindex", "-1"); current = null; chosen = false; },
    get zoomed() { return zoomed; },
    focus: focusTerritory,
  };
}
