// The board, drawn in SVG by our own code (board/geometry.js has where; board/facts.js the engine's
// facts): the continents as tinted shapes with their names and bonuses, the 83 links (sea links
// dashed, Alaska-Kamchatka leaving one edge and coming back at the other), and each territory a
// control: focusable (one tab stop; the arrow keys move between territories, board/keys.js), a
// button whose name says who holds it, its armies and whether it is a target, with data-territory.
// Over them a plan, the engine's answer: armies placed and the attacks as numbered arrows with the
// armies moved in. Texts are laid out again at every size and zoom, so none is under 12 px.
import { el, svg } from "../dom.js";
import { BOX, VIEW, WRAP, place, nameAt } from "./geometry.js";
import { towards } from "./keys.js";
import { PLAYER, OPPONENT } from "./position.js";

const TEXT_PX = 12; // every text on the board, in CSS pixels at any zoom
const PAD = 9; // a continent's shape around its boxes (user units)
const BRIDGE = 44; // its land between two of its boxes that a land link joins
const MARGIN = 22; // around a continent when zoomed to it
const NARROW = 600; // CSS px: a board narrower than this shows the goal's continent until the reader picks a view

const wraps = (a, b) => WRAP.includes(a) && WRAP.includes(b) && a !== b;
const box = (p) => ({ x: p.x0, y: p.y0, width: BOX.w, height: BOX.h });

/** Who holds a territory, in words: "yours", "the opponent's", "held by red". */
function holderWords(owner) {
  if (owner === PLAYER) return "yours";
  return owner === OPPONENT ? "the opponent's" : `held by ${owner}`;
}

/** The board for one form. board: facts.js's index; id: a prefix for ids; onPick(name): a tap, Enter or Space. */
export function drawBoard(board, { id, editorId, helpId, onPick }) {
  const territories = board.territories;
  const nodes = new Map(); // name -> {g, shape, ring, name, armies}
  let view = { ...VIEW };
  let zoomed = null; // the continent zoomed to, or null (the whole board)
  let u = 1; // user units per CSS pixel
  let state = { holdings: new Map(), goal: new Set(), selected: null, placed: new Map(), fault: new Set() };
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

  // ---- zoom: the whole board or one continent (with the territories in play that border it) ----
  const select = el("select", { id: `${id}-zoom` },
    el("option", { value: "" }, "Whole board"),
    board.continents.map((c) => el("option", { value: c.name }, `${c.name} (bonus ${c.bonus})`)));
  const bar = el("div", { class: "board-bar" }, el("label", { for: `${id}-zoom` }, "Show"), select);
  select.addEventListener("change", () => { chosen = true; zoomTo(select.value || null); });

  /** Until the reader picks a view: the whole board, or on a narrow screen the goal's continent. */
  function autoZoom() {
    const first = [...state.goal][0];
    const want = !first || (root.clientWidth || NARROW) >= NARROW ? null : board.continentOf.get(first).name;
    if (!chosen && want !== zoomed) zoomTo(want);
  }

  function zoomTo(continent) {
    zoomed = board.continents.some((c) => c.name === continent) ? continent : null;
    select.value = zoomed ?? "";
    if (!zoomed) view = { ...VIEW };
    else {
      const c = board.continents.find((x) => x.name === zoomed);
      const shown = [...c.territories];
      for (const t of c.territories) {
        for (const [n] of board.neighbours.get(t)) if (state.holdings.has(n) && !shown.includes(n) && !wraps(t, n)) shown.push(n);
      }
      const ps = shown.map(place);
      const at = nameAt(zoomed);
      const x0 = Math.min(...ps.map((p) => p.x0), at.x - 60) - MARGIN, x1 = Math.max(...ps.map((p) => p.x1), at.x + 60) + MARGIN;
      const y0 = Math.min(...ps.map((p) => p.y0), at.y - 30) - MARGIN, y1 = Math.max(...ps.map((p) => p.y1), at.y + 12) + MARGIN;
      view = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
    }
    root.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${view.h}`);
    root.dataset.zoom = zoomed ?? "";
    fit();
  }

  const inView = (t) => { const p = place(t); return p.x0 >= view.x && p.x1 <= view.x + view.w && p.y0 >= view.y && p.y1 <= view.y + view.h; };

  // ---- texts: laid out for the size the board is drawn at ----
  function fit() {
    const w = root.clientWidth, h = root.clientHeight;
    if (!w || !h) return;
    u = Math.max(view.w / w, view.h / h);
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
    for (const text of names.children) { // a continent's name fits across its boxes, or is left out
      const c = board.continents.find((x) => x.name === text.dataset.continent);
      const ps = c.territories.map(place);
      const span = Math.max(...ps.map((p) => p.x1)) - Math.min(...ps.map((p) => p.x0)) + 2 * PAD + 60;
      text.removeAttribute("hidden");
      text.toggleAttribute("hidden", text.getComputedTextLength() > span);
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
  if ("ResizeObserver" in self) new ResizeObserver(() => { autoZoom(); fit(); }).observe(root);

  // ---- the position: who holds what, the goal, the territory being edited ----
  function update(next) {
    state = { ...state, ...next };
    for (const [t, n] of nodes) {
      const h = state.holdings.get(t);
      const goal = state.goal.has(t);
      const placed = state.placed.get(t);
      n.g.dataset.owner = h ? (h.owner === PLAYER ? "you" : "them") : "none";
      n.g.toggleAttribute("data-target", goal && Boolean(h) && h.owner !== PLAYER);
      n.g.toggleAttribute("data-fault", state.fault.has(t));
      // a space first (drawn as nothing): read after the name, the box's words are "Peru 1", not "Peru1"
      n.armies.replaceChildren(h ? ` ${h.armies}` : "", placed ? svg("tspan", { class: "placed" }, ` +${placed}`) : "");
      n.g.setAttribute("aria-expanded", String(state.selected === t));
      const words = h ? `${holderWords(h.owner)}, ${h.armies} ${h.armies === 1 ? "army" : "armies"}` : "not in play";
      const aim = goal && h && h.owner !== PLAYER ? ", target" : "";
      const plan = placed ? `, the plan places ${placed} here` : "";
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
    if (!inView(t)) { chosen = true; zoomTo(zoomed ? board.continentOf.get(t).name : null); }
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
  function plan_(r) {
    planData = r ? { placement: r.placement.filter((p) => p.armies > 0), steps: r.steps } : null;
    state.placed = new Map((planData?.placement ?? []).map((p) => [p.territory, p.armies]));
    update({});
    drawPlan();
  }

  /** A label on a rounded patch, centred on (x, y) but kept inside the view. */
  function pill(x0, y0, text, cls) {
    const fs = TEXT_PX * u;
    const w = (0.62 * text.length + 0.9) * fs, h = 1.5 * fs;
    const x = Math.min(Math.max(x0, view.x + w / 2 + 2), view.x + view.w - w / 2 - 2);
    const y = Math.min(Math.max(y0, view.y + h / 2 + 2), view.y + view.h - h / 2 - 2);
    const box = { x: x - w / 2, y: y - h / 2, width: w, height: h };
    return { box, node: svg("g", { class: cls }, svg("rect", { ...box, rx: h / 2 }),
      svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central" }, text)) };
  }

  /** A label on a corner of box b, just outside it (clear of the box's own words): of the corners
   *  nearest (x, y) first, the one the labels in `taken` cover least. */
  function cornerPill(b, x, y, text, cls, taken) {
    const lift = 0.3 * TEXT_PX * u;
    const corners = [[b.x0, b.y0 - lift], [b.x1, b.y0 - lift], [b.x0, b.y1 + lift], [b.x1, b.y1 + lift]]
      .sort((p, q) => Math.hypot(p[0] - x, p[1] - y) - Math.hypot(q[0] - x, q[1] - y));
    const overlap = (r, q) => Math.max(0, Math.min(r.x + r.width, q.x + q.width) - Math.max(r.x, q.x))
      * Math.max(0, Math.min(r.y + r.height, q.y + q.height) - Math.max(r.y, q.y));
    const covered = (l) => taken.reduce((sum, t) => sum + overlap(l.box, t), 0);
    const best = corners.map(([cx, cy]) => pill(cx, cy, text, cls)).reduce((a, l) => (covered(l) < covered(a) ? l : a));
    taken.push(best.box);
    return best.node;
  }

  /** A segment from box a (centre p) to box b (centre q), ending `gap` outside both boxes. */
  function clipped(p, q, gap) {
    const dx = q.x - p.x, dy = q.y - p.y;
    const t = Math.min(dx ? (BOX.w / 2 + gap) / Math.abs(dx) : Infinity, dy ? (BOX.h / 2 + gap) / Math.abs(dy) : Infinity);
    return { x1: p.x + dx * t, y1: p.y + dy * t, x2: q.x - dx * t, y2: q.y - dy * t };
  }

  /** Attack number `n` of the plan: an arrow from the attacking box into the target's, and on the
   *  target's corner where it comes in, "n · armies moved in". */
  function arrow(s, n, taken) {
    const head = 11 * u, gap = 3 * u;
    const a = place(s.from), b = place(s.target);
    let seg, tail = null;
    if (wraps(s.from, s.target)) { // out at one edge, in at the other
      const westward = s.from === WRAP[0];
      tail = { x1: westward ? a.x0 - gap : a.x1 + gap, y1: a.y, x2: westward ? VIEW.x : VIEW.x + VIEW.w, y2: a.y };
      seg = { x1: westward ? VIEW.x + VIEW.w : VIEW.x, y1: b.y, x2: westward ? b.x1 + gap : b.x0 - gap, y2: b.y };
    } else {
      seg = clipped(a, b, gap);
    }
    const len = Math.hypot(seg.x2 - seg.x1, seg.y2 - seg.y1) || 1;
    const ux = (seg.x2 - seg.x1) / len, uy = (seg.y2 - seg.y1) / len;
    const bx = seg.x2 - ux * head, by = seg.y2 - uy * head; // the arrowhead's base
    const line = (g) => ({ x1: g.x1, y1: g.y1, x2: g.x2, y2: g.y2 });
    const parts = [tail, { ...seg, x2: bx, y2: by }].filter(Boolean);
    const wing = (sign) => [bx + sign * uy * head * 0.55, by - sign * ux * head * 0.55];
    return svg("g", { class: "attack" },
      parts.map((g) => svg("line", { class: "halo", ...line(g), "stroke-width": 7 * u })),
      parts.map((g) => svg("line", { class: "shaft", ...line(g), "stroke-width": 3 * u })),
      svg("polygon", { class: "head", points: [[seg.x2, seg.y2], wing(-1), wing(1)].map((pt) => pt.map((v) => v.toFixed(1)).join(",")).join(" ") }),
      cornerPill(b, seg.x1, seg.y1, `${n} · ${s.move}`, "step-label", taken));
  }

  function drawPlan() {
    plan.replaceChildren();
    const steps = planData ? planData.steps : [];
    // the edge's label gives way to an attack that comes in across the edge
    for (const [i, label] of wrapLabels.entries()) {
      label.classList.toggle("gives-way", steps.some((s) => wraps(s.from, s.target) && s.target === WRAP[i]));
    }
    const taken = [...names.children].filter((t) => !t.hasAttribute("hidden")).map((t) => t.getBBox()); // the continents' names
    steps.forEach((s, i) => plan.append(arrow(s, i + 1, taken)));
  }

  const legend = el("ul", { class: "board-legend", "aria-hidden": "true" }, // the territories' names say the same
    [["sw-you", "Yours"], ["sw-them", "Opponent's"], ["sw-target", "Target"], ["sw-none", "Not in play"], ["sw-sea", "Across the sea"]]
      .map(([cls, text]) => el("li", {}, el("span", { class: `sw ${cls}` }), text)));
  // a frame that clips what lies outside the view (WebKit counts it as overflow of the page otherwise)
  const wrapper = el("div", { class: "board-view" }, bar, el("div", { class: "board-frame" }, root), legend);
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
