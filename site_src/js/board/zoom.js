// The board's zoom and pan. The drawing always holds the whole board (geometry.js VIEW); the frame
// around it clips it and scrolls (pans). A view is a rectangle of the board that the frame opens on,
// centred, drawn as large as the frame allows, but no larger than U_OPEN (a laptop opens on the goal
// with boxes of their natural size, not huge ones) and no smaller than the whole board across the
// frame (a 390 px phone sees the whole board at once). The buttons and a pinch zoom between U_MIN
// and that, keeping the point under the fingers (or the frame's centre) where it was.
//
// Sizes are in user units a CSS pixel (u): larger u, smaller drawing. Pure functions first (Node
// tests them, tests/js/board-zoom.test.mjs), then the controller that applies them to the DOM.
import { VIEW, WRAP, place, nameAt, wraps } from "./geometry.js";

export const MARGIN = 22; // user units around a view's boxes
export const U_MIN = 0.6; // the largest zoom: a box 180 px wide
export const U_OPEN = 1; // a view opens no larger than this: a box 108 px wide
export const ZOOM_STEP = 1.5; // the buttons' step
export const TALL = 0.8; // the frame's height at most, of the window's
export const DOCKED = 0.42; // ... while it shares the screen with a panel (Play it)


/** The territories a view of `core` shows: core, every territory bordering one of them (not across
 *  the board's edge), and every territory in `inPlay` but one that would join them only across the
 *  edge (an arrow from it says its name at the edge instead). board: facts.js's index. */
export function viewTerritories(board, core, inPlay = []) {
  const shown = new Set(core);
  for (const t of core) for (const [n] of board.neighbours.get(t) ?? []) if (!wraps(t, n)) shown.add(n);
  const play = new Set(inPlay);
  for (const t of play) {
    if (shown.has(t) || !place(t)) continue;
    const links = board.neighbours.get(t) ?? [];
    const across = links.some(([n]) => wraps(t, n) && shown.has(n));
    const near = links.some(([n]) => !wraps(t, n) && (shown.has(n) || play.has(n)));
    if (across && !near) continue;
    shown.add(t);
  }
  return [...shown];
}

/** The whole board as a view. */
export const WHOLE = { x: VIEW.x, y: VIEW.y, w: VIEW.w, h: VIEW.h };

/** The rectangle around these territories' boxes (and around `continent`'s name, where given), with
 *  MARGIN: {x, y, w, h}; the whole board for none. */
export function rectAround(territories, continent = null) {
  const ps = territories.map(place).filter(Boolean);
  if (!ps.length) return { ...WHOLE };
  const at = continent ? nameAt(continent) : null;
  const xs = ps.flatMap((p) => [p.x0, p.x1]).concat(at ? [at.x - 60, at.x + 60] : []);
  const ys = ps.flatMap((p) => [p.y0, p.y1]).concat(at ? [at.y - 30, at.y + 12] : []);
  const x0 = Math.max(VIEW.x, Math.min(...xs) - MARGIN), x1 = Math.min(VIEW.x + VIEW.w, Math.max(...xs) + MARGIN);
  const y0 = Math.max(VIEW.y, Math.min(...ys) - MARGIN), y1 = Math.min(VIEW.y + VIEW.h, Math.max(...ys) + MARGIN);
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** The rectangle of a view of `core` (viewTerritories' territories, around `continent`'s name where
 *  given); where a stack in play comes in across the board's edge (Kamchatka into Alaska), the
 *  rectangle reaches that edge, so its arrow is in view. */
export function viewRect(board, core, inPlay = [], continent = null) {
  const shown = viewTerritories(board, core, inPlay);
  const r = rectAround(shown, continent);
  const play = new Set(inPlay);
  const across = (i) => shown.includes(WRAP[i]) && play.has(WRAP[1 - i]) && !shown.includes(WRAP[1 - i]);
  if (across(0)) { r.w += r.x - VIEW.x; r.x = VIEW.x; } // Alaska's side: the left edge
  if (across(1)) r.w = VIEW.x + VIEW.w - r.x; // Kamchatka's: the right edge
  return r;
}

/** The smallest drawing a frame `fw` px wide allows: the whole board's width across it. */
export const widest = (fw) => Math.max(VIEW.w / fw, U_MIN);

/** u kept between the largest zoom and the whole board across the frame. */
export const clampScale = (u, fw) => Math.min(widest(fw), Math.max(U_MIN, u));

/** The size a view opens at in a frame `fw` px wide and at most `maxH` tall: as large as shows all
 *  of `rect`, no larger than U_OPEN, no smaller than the whole board across the frame. */
export const openScale = (rect, fw, maxH) => clampScale(Math.max(rect.w / fw, rect.h / maxH, U_OPEN), fw);

/** The frame's height for `rect` drawn at u: the rect's, at least half of `maxH`, at most `maxH`, and
 *  never taller than the drawing. */
export const frameHeight = (rect, u, maxH) => Math.min(maxH, VIEW.h / u, Math.max(rect.h / u, maxH / 2));

/** The scroll ({left, top}, CSS px) that puts the middle of `rect` in the middle of a frame fw x fh,
 *  within what the drawing at u allows. */
export function centred(rect, u, fw, fh) {
  const keep = (v, most) => Math.max(0, Math.min(v, Math.max(0, most)));
  return {
    left: keep((rect.x + rect.w / 2 - VIEW.x) / u - fw / 2, VIEW.w / u - fw),
    top: keep((rect.y + rect.h / 2 - VIEW.y) / u - fh / 2, VIEW.h / u - fh),
  };
}

/** The scroll after zooming from u to `next` that keeps the point at (cx, cy) (CSS px in the frame)
 *  where it was. */
export const zoomAround = (scroll, u, next, cx, cy) => ({
  left: (scroll.left + cx) * (u / next) - cx,
  top: (scroll.top + cy) * (u / next) - cy,
});

/** The part of the board a frame shows ({x, y, w, h}, user units), scrolled to `scroll` at u. */
export const seen = (scroll, u, fw, fh) => ({ x: VIEW.x + scroll.left * u, y: VIEW.y + scroll.top * u, w: fw * u, h: fh * u });

/** Whether a box ({x0, y0, x1, y1}) lies wholly inside rect. */
export const holds = (rect, b) => b.x0 >= rect.x - 1e-6 && b.x1 <= rect.x + rect.w + 1e-6 && b.y0 >= rect.y - 1e-6 && b.y1 <= rect.y + rect.h + 1e-6;

/**
 * The zoom and pan of one board: `root` the SVG (viewBox the whole board), `frame` the element that
 * clips and scrolls it, the two buttons; onScale(u) after every change of size (the texts are laid
 * out again). Returns {show(rect), zoom(u, cx, cy), reveal(box), dock(on), u, rect, visible()}.
 */
export function zoomPan({ root, frame, zoomIn, zoomOut, onScale }) {
  let u = 0; // 0: not drawn yet (the frame has no width)
  let rect = { ...WHOLE }; // the view opened last
  let tall = TALL;
  let fh = 0; // the frame's height as the view opened
  root.setAttribute("viewBox", `${VIEW.x} ${VIEW.y} ${VIEW.w} ${VIEW.h}`);
  const fw = () => frame.clientWidth;
  const maxH = () => tall * (innerHeight || 800);

  function apply(next) {
    u = next;
    root.setAttribute("width", (VIEW.w / u).toFixed(1));
    root.setAttribute("height", (VIEW.h / u).toFixed(1));
    frame.style.height = `${Math.min(fh, VIEW.h / u).toFixed(1)}px`;
    root.classList.toggle("pans", VIEW.w / u > fw() + 1);
    zoomOut.disabled = u >= widest(fw()) - 1e-9;
    zoomIn.disabled = u <= U_MIN + 1e-9;
    onScale(u);
  }

  function scrollTo({ left, top }) {
    frame.scrollLeft = left;
    frame.scrollTop = top;
  }

  /** Open on `r`: sized to show all of it, centred. False where the frame is not laid out yet. */
  function show(r) {
    rect = r;
    const w = fw();
    if (!w) return false;
    const next = openScale(r, w, maxH());
    fh = frameHeight(r, next, maxH());
    apply(next);
    scrollTo(centred(r, next, w, Math.min(fh, VIEW.h / next)));
    return true;
  }

  /** Zoom to `next` (kept in range), the point at (cx, cy) in the frame staying where it is. */
  function zoom(next, cx = fw() / 2, cy = frame.clientHeight / 2) {
    if (!u) return;
    next = clampScale(next, fw());
    if (Math.abs(next - u) < 1e-9) return;
    const s = zoomAround({ left: frame.scrollLeft, top: frame.scrollTop }, u, next, cx, cy);
    apply(next);
    scrollTo(s);
  }

  zoomIn.addEventListener("click", () => zoom(u / ZOOM_STEP));
  zoomOut.addEventListener("click", () => zoom(u * ZOOM_STEP));

  // a pinch with two fingers zooms; one finger pans (the frame scrolls)
  let pinch = null;
  const spread = (ts) => Math.hypot(ts[0].clientX - ts[1].clientX, ts[0].clientY - ts[1].clientY);
  frame.addEventListener("touchstart", (e) => { if (e.touches.length === 2) pinch = { d: spread(e.touches), u }; }, { passive: true });
  frame.addEventListener("touchmove", (e) => {
    if (!pinch || e.touches.length !== 2) return;
    e.preventDefault();
    const r = frame.getBoundingClientRect();
    const cx = (e.touches[0].clientX + e.touches[1].clientX) / 2 - r.left, cy = (e.touches[0].clientY + e.touches[1].clientY) / 2 - r.top;
    zoom(pinch.u * pinch.d / Math.max(1, spread(e.touches)), cx, cy);
  }, { passive: false });
  frame.addEventListener("touchend", (e) => { if (e.touches.length < 2) pinch = null; });

  const visible = () => seen({ left: frame.scrollLeft, top: frame.scrollTop }, u, fw(), frame.clientHeight);

  return {
    show,
    zoom,
    /** Scroll a box ({x0, y0, x1, y1}) into the frame, where it is not wholly there. */
    reveal(b) {
      if (!u || holds(visible(), b)) return;
      scrollTo(centred({ x: b.x0, y: b.y0, w: b.x1 - b.x0, h: b.y1 - b.y0 }, u, fw(), frame.clientHeight));
    },
    /** Share the screen with a panel (on) or not: a lower frame, the view opened again. */
    dock(on) {
      const next = on ? DOCKED : TALL;
      if (next === tall) return;
      tall = next;
      show(rect);
    },
    visible,
    get u() { return u; },
    get rect() { return rect; },
  };
}
