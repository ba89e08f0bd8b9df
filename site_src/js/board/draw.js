// The board, drawn in SVG by our own code (board/geometry.js has where; board/facts.js the engine's
// facts): the continents as tinted shapes with their names and bonuses, the 83 links (sea links
// dashed, Alaska-Kamchatka leaving one edge and coming back at the other), and each territory a
// control: focusable (one tab stop; the arrow keys move between territories, board/keys.js), a
// button whose name says who holds it, its armies and whether it is a target, with data-territory.
// Over them a plan, the engine's answer: armies placed and the attacks as numbered arrows with the
// armies moved in, each label clear of every other text (board/shapes.js has the geometry); for the
// Hold calculator, the holder's placement and fortify move and the opponent's placement and attack,
// each side in its colour. Texts are
// laid out again at every size and zoom, so none is under 12 px: a view (the goal and every territory
// bordering it, one continent and its borders, or the whole board) is drawn no smaller than that
// allows, wider than the frame where it must (the frame pans), and zooms (the buttons, a pinch).
import { el, svg } from "../dom.js";
import { BOX, VIEW, WRAP, place, nameAt } from "./geometry.js";
import { towards } from "./keys.js";
import { arrow, overlap, placeLabel } from "./shapes.js";
import { PLAYER, OPPONENT } from "./position.js";

const TEXT_PX = 12; // every text on the board, in CSS pixels at any zoom
const PAD = 9; // a continent's shape around its boxes (user units)
const BRIDGE = 44; // its land between two of its boxes that a land link joins
const MARGIN = 22; // around a continent when zoomed to it
const NARROW = 600; // CSS px: a board narrower than this shows the goal and its borders until the reader picks a view
const MAX_U = 2.3; // user units a CSS px at most: a box's code (two lines of 12 px text) still fits
const ZOOM_STEP = 1.5, MAX_ZOOM = 4; // the zoom buttons' step, and the largest zoom
const GOAL = "goal"; // the view of the goal and its borders

const wraps = (a, b) => WRAP.includes(a) && WRAP.includes(b) && a !== b;
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
  let view = { ...VIEW };
  let zoomed = ""; // the view: GOAL, a continent's name, or "" (the whole board)
  let scale = 1; // the zoom: 1 is the view's own size
  let u = 1; // user units per CSS pixel
  let state = { holdings: new Map(), goal: new Set(), selected: null, placed: new Map(), theirs: new Map(), fault: new Set() };
  let planData = null;
  let current = null; // the one tab stop: the territory picked or moved to last, at first the player's first
  let chosen = false; // the reader picked the view (or moved the focus out of it): it stays

  const root = svg("svg", { class: "board", viewBox: `${view.x} ${view.y} ${view.w} ${view.h}`, role: "group",
    "aria-label": "The board", "aria-describedby": helpId, "font-size": TEXT_PX });
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

  // ---- the view: the goal and what borders it, one continent and what borders it, or the whole
  // board; drawn no smaller than texts of 12 px allow (wider than the frame, the frame pans), and
  // zoomed in by the buttons or a pinch ----
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
  for (const b of [zoomOut, zoomIn]) b.addEventListener("click", () => setScale(scale * (Number(b.dataset.zoom) > 0 ? ZOOM_STEP : 1 / ZOOM_STEP)));

  /** Until the reader picks a view: on a narrow screen the goal and its borders, else the whole board. */
  function autoZoom() {
    const narrow = (frame.clientWidth || NARROW) < NARROW;
    const want = narrow && state.goal.size ? GOAL : "";
    if (select.value !== zoomed) select.value = zoomed; // a form's reset puts the select back to its first view
    if (!chosen && want !== zoomed) zoomTo(want);
    else if (zoomed === GOAL && goalKey() !== shownGoal) zoomTo(GOAL); // the goal changed: the view follows it
  }
  const goalKey = () => [...state.goal].sort().join("|");
  let shownGoal = "";

  /** The territories a view shows: `core` and every territory bordering one of them. */
  function withBorders(core) {
    const shown = new Set(core);
    for (const t of core) for (const [n] of board.neighbours.get(t)) if (!wraps(t, n)) shown.add(n);
    return [...shown];
  }

  function zoomTo(which) {
    const continent = board.continents.find((c) => c.name === which);
    zoomed = continent ? which : which === GOAL && state.goal.size ? GOAL : "";
    select.value = zoomed;
    if (!zoomed) view = { ...VIEW };
    else {
      const core = continent ? continent.territories : [...state.goal];
      shownGoal = goalKey();
      const ps = withBorders(core).map(place);
      // a continent's name too, when the view is the whole of one
      const whole = board.continents.find((c) => c.territories.length === core.length && c.territories.every((t) => core.includes(t)));
      const at = whole ? nameAt(whole.name) : null;
      const xs = ps.flatMap((p) => [p.x0, p.x1]).concat(at ? [at.x - 60, at.x + 60] : []);
      const ys = ps.flatMap((p) => [p.y0, p.y1]).concat(at ? [at.y - 30, at.y + 12] : []);
      const x0 = Math.min(...xs) - MARGIN, x1 = Math.max(...xs) + MARGIN, y0 = Math.min(...ys) - MARGIN, y1 = Math.max(...ys) + MARGIN;
      view = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
    }
    root.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${view.h}`);
    root.dataset.zoom = zoomed;
    scale = 1;
    size();
    frame.scrollLeft = 0;
    frame.scrollTop = 0;
  }

  /** The drawing's size in CSS px: the frame's width (or less, where the height would pass 80 % of
   *  the window), never so small that a text of 12 px needs more than MAX_U user units a pixel, times
   *  the zoom. Then the texts are laid out again. */
  function size() {
    const fw = frame.clientWidth;
    if (!fw) return;
    const tall = 0.8 * (innerHeight || 800);
    const base = Math.max(Math.min(fw, tall * view.w / view.h), view.w / MAX_U);
    const w = base * scale;
    root.setAttribute("width", w.toFixed(1));
    root.setAttribute("height", (w * view.h / view.w).toFixed(1));
    root.classList.toggle("pans", w > fw + 1);
    zoomOut.disabled = scale <= 1;
    zoomIn.disabled = scale >= MAX_ZOOM;
    fit();
  }

  /** Zoom to `next` (1: the view's own size), keeping the point at the frame's centre (or at
   *  (cx, cy), CSS px in the frame) where it was. */
  function setScale(next, cx = frame.clientWidth / 2, cy = frame.clientHeight / 2) {
    next = Math.min(MAX_ZOOM, Math.max(1, next));
    if (Math.abs(next - scale) < 1e-3) return;
    const k = next / scale;
    const x = frame.scrollLeft + cx, y = frame.scrollTop + cy;
    scale = next;
    size();
    frame.scrollLeft = x * k - cx;
    frame.scrollTop = y * k - cy;
  }

  // a pinch with two fingers zooms; one finger pans (the frame scrolls)
  let pinch = null;
  const spread = (ts) => Math.hypot(ts[0].clientX - ts[1].clientX, ts[0].clientY - ts[1].clientY);
  frame.addEventListener("touchstart", (e) => { if (e.touches.length === 2) pinch = { d: spread(e.touches), scale }; }, { passive: true });
  frame.addEventListener("touchmove", (e) => {
    if (!pinch || e.touches.length !== 2) return;
    e.preventDefault();
    const r = frame.getBoundingClientRect();
    const cx = (e.touches[0].clientX + e.touches[1].clientX) / 2 - r.left, cy = (e.touches[0].clientY + e.touches[1].clientY) / 2 - r.top;
    setScale(pinch.scale * spread(e.touches) / pinch.d, cx, cy);
  }, { passive: false });
  frame.addEventListener("touchend", (e) => { if (e.touches.length < 2) pinch = null; });

  const inView = (t) => { const p = place(t); return p.x0 >= view.x && p.x1 <= view.x + view.w && p.y0 >= view.y && p.y1 <= view.y + view.h; };

  // ---- texts: laid out for the size the board is drawn at ----
  function fit() {
    const w = Number(root.getAttribute("width"));
    if (!w) return;
    u = view.w / w;
    const fs = TEXT_PX * u;
    root.setAttribute("font-size", fs.toFixed(2));
    const two = 2.3 * fs <= BOX.h; // a name above the armies
    for (const [t, n] of nodes) {
      const p = place(t);
      n.name.textContent = p.short;
      n.name.removeAttribute("hidden"); // measured as drawn
      let shown = two;
      if (shown && n.name.getComputedTextLength() > BOX.w - 6) n.name.textContent = p.code;
      if (shown && n.name.getComputedTextLength() > BOX.w - 6) shown = false;
      n.name.toggleAttribute("hidden", !shown);
      name(t, n);
      n.name.setAttribute("y", (p.y - 0.56 * fs).toFixed(1));
      n.armies.setAttribute("y", (shown ? p.y + 0.62 * fs : p.y).toFixed(1));
    }
    for (const text of names.children) { // a continent's name fits across its boxes and in the view, or is left out
      const c = board.continents.find((x) => x.name === text.dataset.continent);
      const ps = c.territories.map(place);
      const span = Math.max(...ps.map((p) => p.x1)) - Math.min(...ps.map((p) => p.x0)) + 2 * PAD + 60;
      text.removeAttribute("hidden");
      const b = text.getBBox();
      const cut = b.x < view.x || b.x + b.width > view.x + view.w || b.y < view.y || b.y + b.height > view.y + view.h;
      text.toggleAttribute("hidden", text.getComputedTextLength() > span || cut);
    }
    wrapLabels[0].setAttribute("x", (Math.max(VIEW.x, view.x) + 6).toFixed(1));
    wrapLabels[1].setAttribute("x", (Math.min(VIEW.x + VIEW.w, view.x + view.w) - 6).toFixed(1));
    wrapLabels[0].setAttribute("y", (west.y0 - 0.5 * fs).toFixed(1));
    wrapLabels[1].setAttribute("y", (east.y0 - 0.5 * fs).toFixed(1));
    for (const [i, label] of wrapLabels.entries()) { // beside its territory, when that is in view and it fits
      label.removeAttribute("hidden");
      label.toggleAttribute("hidden", !inView(WRAP[i]) || label.getComputedTextLength() > 2.2 * BOX.w);
    }
    drawPlan();
  }
  let seenWidth = 0;
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
        size();
      });
    }).observe(frame);
  }

  // ---- the position: who holds what, the goal, the territory being edited ----
  function update(next) {
    state = { ...state, ...next };
    for (const [t, n] of nodes) {
      const h = state.holdings.get(t);
      const goal = state.goal.has(t);
      const placed = state.placed.get(t);
      const theirs = state.theirs.get(t); // the opponent's reply places these (the Hold)
      n.g.dataset.owner = h ? (h.owner === PLAYER ? "you" : "them") : "none";
      const target = goalMark === "target" && goal && Boolean(h) && h.owner !== PLAYER;
      n.g.toggleAttribute("data-target", target);
      n.g.toggleAttribute("data-hold", goalMark === "hold" && goal);
      n.g.toggleAttribute("data-fault", state.fault.has(t));
      // a space first (drawn as nothing): read after the name, the box's words are "Peru 1", not "Peru1"
      n.armies.replaceChildren(h ? ` ${h.armies}` : "", placed ? svg("tspan", { class: "placed" }, ` +${placed}`) : "",
        theirs ? svg("tspan", { class: "placed theirs" }, ` +${theirs}`) : "");
      n.g.setAttribute("aria-expanded", String(state.selected === t));
      const words = h ? `${holderWords(h.owner)}, ${h.armies} ${h.armies === 1 ? "army" : "armies"}` : "not in play";
      const aim = target ? ", target" : goalMark === "hold" && goal ? ", to hold" : "";
      const plan = (placed ? `, the plan places ${placed} here` : "") + (theirs ? `, the opponent's reply places ${theirs} here` : "");
      const fault = state.fault.has(t) ? ", named in the message" : "";
      n.details = `${board.continentOf.get(t).name}, ${words}${aim}${plan}${fault}`;
      name(t, n);
    }
    const first = territories.find((t) => state.holdings.get(t)?.owner === PLAYER) ?? territories[0];
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
    if (!inView(t)) { chosen = true; zoomTo(zoomed ? board.continentOf.get(t).name : ""); }
    nodes.get(t).g.focus();
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
      territories: territories.filter(inView).concat(inView(t) ? [] : [t]),
      neighbours: (n) => board.neighbours.get(n).map(([m]) => [m, wraps(n, m)]),
      centre: place, span: VIEW.w,
    });
    if (e.key.startsWith("Arrow")) e.preventDefault();
    if (next) focusTerritory(next);
  });

  // ---- the plan: the engine's placement and attacks ----
  /** r: {placement: [{territory, armies}], steps: [{from, target, move} | {from, target, label, kind}],
   *  theirs: the opponent's placement (optional)}, or null (no plan). A step with a `label` is drawn
   *  with it and its `kind` ("fortify": the player's move, "reply": the opponent's attack) as its
   *  class; any other is an attack numbered in order, "n · armies moved in". */
  function plan_(r) {
    const placed = (list) => (list ?? []).filter((p) => p.armies > 0);
    planData = r ? { placement: placed(r.placement), theirs: placed(r.theirs), steps: r.steps } : null;
    state.placed = new Map((planData?.placement ?? []).map((p) => [p.territory, p.armies]));
    state.theirs = new Map((planData?.theirs ?? []).map((p) => [p.territory, p.armies]));
    update({});
    drawPlan();
  }

  /** Step number `n` of the plan: [an arrow from the attacking box into the target's, and beside
   *  the target's box where it comes in, clear of every other text, its label ("n · armies moved
   *  in", or the step's own; for a step of its own label that comes across the edge from a box out
   *  of view, "from Kamchatka", or "Kamchatka" where that does not fit)]. */
  function attack(s, n, taken) {
    const fs = TEXT_PX * u;
    const a = place(s.from), b = place(s.target);
    const shape = arrow(s.from, s.target, a, b, { head: 11 * u, gap: Math.min(3 * u, 3) }); // close boxes keep a shaft
    const line = (g) => ({ x1: g.x1, y1: g.y1, x2: g.x2, y2: g.y2 });
    const shaft = shape.parts.at(-1);
    const middle = [(shaft.x1 + shape.head[0][0]) / 2, (shaft.y1 + shape.head[0][1]) / 2];
    const kind = s.kind ? ` ${s.kind}` : "";
    const shown = { x: view.x, y: view.y, width: view.w, height: view.h }; // an arrow across the edge: its label in view
    let words = s.label ?? `${n} · ${s.move}`;
    if (s.label && wraps(s.from, s.target) && !inView(s.from)) {
      // a step with a label of its own that comes across the board's edge from a box out of view says
      // where it comes from instead (its colour says whose it is): "from Kamchatka" where that is
      // clear of every text and in view, else the name alone
      const trial = placeLabel(b, shape.start.x, shape.start.y, `from ${s.from}`, fs, [...taken], [middle], shown);
      const clear = taken.every((t) => overlap(trial.box, t) === 0) &&
        overlap(trial.box, shown) >= trial.box.width * trial.box.height - 1e-6;
      words = clear ? `from ${s.from}` : s.from;
    }
    const label = placeLabel(b, shape.start.x, shape.start.y, words, fs, taken, [middle], shown);
    return [svg("g", { class: `attack${kind}`, "data-from": s.from, "data-to": s.target },
      shape.parts.map((g) => svg("line", { class: "halo", ...line(g), "stroke-width": 7 * u })),
      shape.parts.map((g) => svg("line", { class: "shaft", ...line(g), "stroke-width": 3 * u })),
      svg("polygon", { class: "head", points: shape.head.map((pt) => pt.map((v) => v.toFixed(1)).join(",")).join(" ") })),
    svg("g", { class: `step-label${kind}` }, svg("rect", { ...label.box, rx: label.box.height / 2 }),
      svg("text", { x: label.x, y: label.y, "text-anchor": "middle", "dominant-baseline": "central" }, words))];
  }

  function drawPlan() {
    plan.replaceChildren();
    const steps = planData ? planData.steps : [];
    // the edge's label gives way to an attack that comes in across the edge
    for (const [i, label] of wrapLabels.entries()) {
      label.classList.toggle("gives-way", steps.some((s) => wraps(s.from, s.target) && s.target === WRAP[i]));
    }
    if (!steps.length) return;
    // every text drawn: the continents' names, the edge's labels, each box's name and armies
    const texts = [...names.children, ...wrapLabels, ...[...nodes.values()].flatMap((n) => [n.name, n.armies])];
    const taken = texts.filter((t) => !t.hasAttribute("hidden") && !t.classList.contains("gives-way") && t.textContent.trim())
      .map((t) => t.getBBox());
    const drawn = steps.map((s, i) => attack(s, i + 1, taken));
    plan.append(...drawn.map(([a]) => a), ...drawn.map(([, label]) => label)); // the labels over every arrow
  }

  const legend = el("ul", { class: "board-legend", "aria-hidden": "true" }, // the territories' names say the same
    [["sw-you", "Yours"], ["sw-them", "Opponent's"], goalMark === "hold" ? ["sw-hold", "To hold"] : ["sw-target", "Target"],
      ["sw-none", "Not in play"], ["sw-sea", "Across the sea"], ...more]
      .map(([cls, text]) => el("li", {}, el("span", { class: `sw ${cls}` }), text)));
  // a frame that clips what lies outside the view (WebKit counts it as overflow of the page otherwise)
  const wrapper = el("div", { class: "board-view" }, bar, frame, legend);
  return {
    element: wrapper,
    update,
    plan: plan_,
    stale: (on) => plan.classList.toggle("stale", on),
    /** Mark the territories an engine message names (none: unmark). */
    fault: (names) => { if (names.length || state.fault.size) update({ fault: new Set(names) }); },
    fit,
    /** A new position: the tab stop goes back to the player's first territory, the view to its default. */
    restart: () => { if (current) nodes.get(current).g.setAttribute("tabindex", "-1"); current = null; chosen = false; },
    get zoomed() { return zoomed; },
    focus: focusTerritory,
  };
}
