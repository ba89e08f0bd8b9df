// "Play it": the Turn calculator's best play, step by step at the table (the play to take, op "turn",
// or with "Take it and keep it" the play to keep, op "keep": then each step shows both chances). After the answer, a button
// starts it: the reinforcements are placed as the answer says, then the page shows the next action
// (the engine's `next`: attack Y from X with n dice, move m into Y, or stop), the player enters what
// happened (the armies left on both sides, or "taken"), and the page asks the engine again from
// there (a mid-turn `turn` request: reinforcements 0, the position now, `moving` right after a
// conquest) and shows the next action and the chance from here. Back undoes the last step.
//
// Every answer can be played (issue 44): each request from here asks for the best real play again
// (every way to play, roll by roll, where it fits the budget from a position smaller than the
// opening's), and the panel says which advice it is: "From here: every way to play, roll by roll",
// or the best plan fixed in advance (its first attack with the most dice; after a conquest its move
// from that plan's table of armies to keep, where the real play is refused from there).
//
// The board follows the play (board/draw.js scene()): the position now, the territories taken in the
// player's colour, the next action's arrow, and an attack the play gives up, said in words too
// ("North Africa is down to 1. Now Brazil from Venezuela."). The panel sits right under the board,
// which stays at the top of the screen while the panel scrolls (docked), so a phone shows both. Once
// the goal is taken, "Will I keep it?" opens the Hold calculator on the position now
// (calculators/keep-link.js).
//
// The play (calculators/turn-play-state.js: the steps, what each does to the position) lives in the
// form's hidden `play` field, which the address carries like every field: a reload or a shared link
// resumes it once the answer it was started from is shown again; a change of the position, the goal
// or the rules ends it. Every number and sentence shown is the engine's but the player's own entries.
import { el } from "../dom.js";
import { answerLine, answerPart } from "../views/answer.js";
import { OPPONENT, PLAYER } from "../board/position.js";
import { adviceWords, applyAttack, changeOf, fixedMove, isRealPlay, killMidRequest, killState, killWon, listed, midRequest, nextWords, playKey,
  playScene, playText, readPlay, replay, won } from "./turn-play-state.js";
import { keepLink } from "./keep-link.js";
import { ownerWords } from "./turn-kill.js";
import { capital } from "../player-words.js";

const FIELD = "play";

/** The play for one Turn form. `nameOf`: a typed territory name -> the board's (or null); view: the
 *  board (board/draw.js), which the play draws on; order: the board's territories.
 *  Returns {answered(r, params)}: after each answer shown (r: the engine's, params: its request),
 *  resumes a play the address holds for it, ends any other; returns the "Play it" button or null. */
export function turnPlay({ form, ctx, nameOf, view = null, order = [] }) {
  const field = form.elements.namedItem(FIELD);
  let slot = form.querySelector("[data-role=play]");
  if (!slot) slot = el("div", { class: "turn-play", "data-role": "play", hidden: "" });
  if (view) view.element.after(slot); // right under the board: one screen shows both
  else if (!slot.isConnected) form.querySelector("[data-role=lead]").after(slot);
  let answer = null; // the answer and request the play starts from
  let base = null;
  let start = null; // its position, the board's names
  let play = null; // {key, steps}
  let seq = 0;
  let callId = null;
  let lastPlan = null; // {at: the steps it answered, as text; result}: the last answer from here that was a plan fixed in advance
  const stepsText = (steps) => playText({ key: "", steps });

  const killing = () => answer.kind === "kill"; // the Eliminate aim (calculators/turn-kill.js)
  const goalName = () => (killing() ? listed(answer.victims.map(ownerWords)) : answer.goal_name ?? listed(answer.goal));

  function save() {
    field.value = play ? playText(play) : "";
    ctx.save();
  }

  function end() {
    seq++;
    if (callId !== null) ctx.engine.cancel(callId);
    callId = null;
    const was = play;
    play = null;
    slot.hidden = true;
    slot.replaceChildren();
    if (view && was) { view.scene(null); view.dock(false); }
    save();
  }

  function begin() {
    const place = answer.placement.filter((p) => p.armies > 0).map((p) => [p.territory, p.armies]);
    play = { key: playKey(base), steps: place.length ? [{ place }] : [] };
    save();
    show({ focus: true });
  }

  /** The board shows the play now. */
  function draw(now, next = null, dropped = null) {
    if (!view) return;
    view.dock(true);
    view.scene(playScene(start, now, next, dropped));
  }

  /** The board and the panel under it brought to the top of the screen (after the panel is drawn:
   *  the browser's scroll anchoring would otherwise move the page by the panel's height), and the
   *  focus on the panel's title. */
  function bringUp(title) {
    if (view) slot.parentElement.scrollIntoView({ block: "start" });
    title.focus({ preventScroll: Boolean(view) });
  }

  function push(s) { play.steps.push(s); save(); show({ focus: true }); }

  function back() {
    if (play.steps.pop()?.trade) play.steps.pop(); // a kill's trade goes back with the move that made it
    save();
    show({ focus: true });
  }

  // ---- the panel ----

  const button = (text, action, onClick, attrs = {}) => {
    const b = el("button", { type: "button", "data-action": action, ...attrs }, text);
    b.addEventListener("click", onClick);
    return b;
  };

  const steps = () => play.steps.filter((s) => !s.place).length;

  function frame(...children) {
    const canBack = play.steps.length > 0 && !(play.steps.length === 1 && play.steps[0].place);
    const title = el("h3", { id: `${form.id}-play-title`, tabindex: "-1" }, `Playing it: step ${steps() + 1}`);
    slot.replaceChildren(el("section", { class: "turn-play-panel", "aria-labelledby": title.id }, title, children,
      el("p", { class: "turn-play-controls" },
        button("Back", "play-back", back, canBack ? {} : { disabled: "" }),
        " ",
        button("End the play", "play-end", end))));
    slot.hidden = false;
    return title;
  }

  function positionWords(position, moving = null) {
    const mine = [], theirs = new Map([[OPPONENT, []]]); // the opponent's, then any other owner's (an Eliminate play)
    for (const [t, h] of Object.entries(position)) {
      const text = moving?.to === t ? `${t} (taken, move in now)` : `${t} ${h.armies}`;
      if (h.owner === PLAYER) mine.push(text);
      else theirs.set(h.owner, [...(theirs.get(h.owner) ?? []), text]);
    }
    const others = [...theirs].filter(([o, ts]) => o === OPPONENT || ts.length)
      .map(([o, ts]) => `${o === OPPONENT ? "the opponent" : o}'s ${ts.join(", ") || "none"}`);
    return el("p", { class: "turn-play-position", "data-output": "play-position" },
      el("strong", {}, "Now: "), `yours ${mine.join(", ") || "none"}; `, `${others.join("; ")}.`);
  }

  const message = (text) => el("p", { class: "error turn-play-error", role: "alert", "data-output": "play-error" }, text);

  function numberInput(label, value, max, output) {
    const id = `${form.id}-play-${output}`;
    const input = el("input", { id, type: "number", inputmode: "numeric", min: "0", max: String(max), step: "1",
      value: String(value), "data-input": output });
    return { input, node: el("div", { class: "field number" }, el("label", { for: id }, label), input) };
  }

  /** Enter in an input of the panel records the step (and does not submit the form). */
  const onEnter = (input, act) => input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); act(); } });

  function attackPart(now, attack, errorBox) {
    const { from, to } = attack;
    const a = numberInput(`Left on ${from}`, now.position[from].armies, now.position[from].armies, "play-left");
    const d = numberInput(`Left on ${to}`, now.position[to].armies, now.position[to].armies, "play-defenders");
    const record = (defenders) => {
      const left = Number(a.input.value), def = defenders ?? Number(d.input.value);
      try { applyAttack(now.position, attack, left, def); } catch (err) { errorBox.replaceChildren(message(err.message)); return; }
      push({ attack, left, defenders: def });
    };
    onEnter(a.input, () => record());
    onEnter(d.input, () => record());
    return el("div", { class: "turn-play-enter" },
      el("p", { class: "hint" }, "Roll, then enter the armies left on both sides, or press Taken if it fell."),
      el("div", { class: "fields" }, a.node, d.node),
      el("p", { class: "turn-play-buttons" },
        button("Record the roll", "play-record", () => record(), { class: "primary" }), " ",
        button(`Taken: ${to} fell`, "play-taken", () => record(0))));
  }


  /** A kill's trade in words: "Peru is red's last territory: you take his 2 cards and trade 1 set for 15 armies." */
  function tradeWords(t) {
    const cards = `${t.cards_taken} card${t.cards_taken === 1 ? "" : "s"}`;
    const whose = ownerWords(t.victim);
    if (!t.cards_taken) return `That was ${whose}'s last territory: he held no cards.`;
    return t.armies
      ? `That was ${whose}'s last territory: you take his ${cards} and must trade ${t.sets} set${t.sets === 1 ? "" : "s"} now, for ${t.armies} armies.`
      : `That was ${whose}'s last territory: you take his ${cards} and hold ${t.hand}, too few to trade.`;
  }

  /** The armies a kill's trade brought, placed as the engine says: "Placed" records it. */
  function placePart(placement) {
    const place = placement.filter((p) => p.armies > 0).map((p) => [p.territory, p.armies]);
    return el("div", { class: "turn-play-enter" },
      el("p", { class: "turn-play-buttons" }, button("Placed", "play-placed", () => push({ place }), { class: "primary" })));
  }

  /** After a conquest: the armies moved in, recorded; where the conquest was a kill (the engine's
   *  `trade`), the trade is recorded with it. */
  function movePart(now, move, errorBox, trade = null) {
    const most = now.position[move.from].armies - 1;
    const m = numberInput(`Armies moved into ${move.to}`, move.armies, most, "play-move");
    const moved = () => {
      const n = Number(m.input.value);
      if (!Number.isInteger(n) || n < 1 || n > most) {
        errorBox.replaceChildren(message(`Move a whole number of armies from 1 to ${most} into ${move.to} (one stays on ${move.from}).`));
        return;
      }
      if (trade) play.steps.push({ move: n }, { trade: { victim: trade.victim, armies: trade.armies, hand: trade.hand, sets: trade.sets_traded } });
      else play.steps.push({ move: n });
      save();
      show({ focus: true });
    };
    onEnter(m.input, moved);
    return el("div", { class: "turn-play-enter" },
      el("div", { class: "fields" }, m.node),
      el("p", { class: "turn-play-buttons" }, button("Moved", "play-moved", moved, { class: "primary" })));
  }

  /** The play now: replayed from the start, then the engine asked from there. */
  async function show({ focus = false } = {}) {
    const my = ++seq;
    if (callId !== null) ctx.engine.cancel(callId);
    callId = null;
    let now;
    try { now = replay(start, play.steps); } catch (err) {
      frame(message(`This play cannot go on from here: ${err.message} Go back a step or end the play.`));
      slot.dataset.status = "error";
      return;
    }
    const goal = goalName();
    if (killing() && killWon(now, answer.victims)) {
      const title = frame(
        el("p", { class: "turn-play-next", "data-output": "play-next", "data-action": "won", "aria-live": "polite" },
          `${capital(goal)} ${answer.victims.length === 1 ? "is" : "are"} eliminated. Well played.`),
        positionWords(now.position, now.moving));
      slot.dataset.status = "done";
      draw(now);
      if (focus) bringUp(title);
      return;
    }
    if (!killing() && won(now, answer.goal)) {
      const title = frame(
        el("p", { class: "turn-play-next", "data-output": "play-next", "data-action": "won", "aria-live": "polite" }, `${goal} is yours. Well played.`),
        keepLink({ engine: ctx.engine, position: now.position, goal: answer.goal, goalName: answer.goal_name ?? null, order,
          words: "Hold works out your chance to keep it through his next turn, from the position now." }),
        positionWords(now.position, now.moving));
      slot.dataset.status = "done";
      draw(now);
      if (focus) bringUp(title);
      return;
    }
    draw(now); // the position now, while the engine works out the next action
    slot.dataset.status = "running";
    slot.classList.add("stale");
    const keeping = answer.keep !== undefined; // "Take it and keep it": op keep from here, both chances
    const state = killing() ? killState(base, play.steps) : null;
    const { id, promise } = ctx.engine.call(keeping ? "keep" : "turn", state ? killMidRequest(base, now, state) : midRequest(base, now));
    callId = id;
    let result, ms;
    try { ({ result, ms } = await promise); } catch (err) {
      if (my !== seq) return;
      frame(positionWords(now.position, now.moving), message(err.message || String(err)));
      slot.dataset.status = "error";
      slot.classList.remove("stale");
      return;
    }
    if (my !== seq) return;
    callId = null;
    slot.classList.remove("stale");
    if (!result.ok) {
      // right after a conquest the engine plays only roll by roll; where that is refused and the
      // attack came from a plan fixed in advance, the move is that plan's (its table of armies to keep)
      const move = now.moving && !keeping && lastPlan?.at === stepsText(play.steps.slice(0, -1))
        ? fixedMove(lastPlan.result, now.moving, now.position[now.moving.from].armies) : null;
      if (!move) {
        frame(positionWords(now.position, now.moving), message(result.error?.message ?? "The engine refused this position."));
        slot.dataset.status = "error";
        return;
      }
      const errorBox = el("div", { class: "turn-play-message" });
      draw(now, move);
      const title = frame(
        el("p", { class: "hint", "data-output": "play-advice", "data-family": "fixed" },
          "From here: the best plan fixed in advance (every way to play, roll by roll, is too big to work out from here)."),
        el("p", { class: "turn-play-next", "data-output": "play-next", "data-action": "move", "aria-live": "polite" },
          el("strong", {}, "Next: "), nextWords(move)),
        movePart(now, move.move, errorBox), errorBox, positionWords(now.position, now.moving));
      slot.dataset.status = "done";
      if (focus) bringUp(title);
      return;
    }
    if (!result.next) { // the real play was not searched from here (over the budget): no next action to show
      frame(answerLine([answerPart("play-win", `Take ${goal} from here, with a plan fixed in advance:`, result.win)]),
        positionWords(now.position, now.moving), message(result.searched?.words ?? "Every way to play could not be searched from here."));
      slot.dataset.status = "error";
      return;
    }
    const errorBox = el("div", { class: "turn-play-message" });
    const next = result.next;
    const action = next.attack ? "attack" : next.move ? "move" : "stop";
    const real = isRealPlay(result);
    lastPlan = real ? null : { at: stepsText(play.steps), result };
    // the words after the next action: the real play's typical course (no placement line mid-turn),
    // a fixed plan's steps after its placement line
    const later = (result.words ?? []).slice(real ? 1 : 2);
    const change = changeOf(start, play.steps, next);
    const placing = state && state.pending > 0; // a kill's trade brought armies: placed first
    const trade = killing() && next.move ? result.trade : null; // this conquest is a kill
    const lastTrade = placing ? play.steps.findLast((x) => x.trade)?.trade : null;
    draw(now, next, change?.dropped);
    const placed = placing ? result.placement.filter((p) => p.armies > 0).map((p) => `${p.armies} on ${p.territory}`) : [];
    const title = frame(
      killing()
        ? answerLine([answerPart("play-win", `Eliminate ${goal} from here:`, result.win)])
        : keeping
        ? answerLine([answerPart("play-keep", `Take and keep ${goal} from here:`, result.keep), answerPart("play-take", "take it:", result.take)])
        : answerLine([answerPart("play-win", real ? `Take ${goal} from here:` : `Take ${goal} from here, with the plan fixed in advance:`, result.win)]),
      el("p", { class: "hint", "data-output": "play-advice", "data-family": real ? "real" : "fixed" }, adviceWords(result)),
      change ? el("p", { class: "turn-play-change", "data-output": "play-change" }, change.words) : null,
      trade ? el("p", { class: "turn-play-change", "data-output": "play-trade" }, tradeWords(trade)) : null,
      lastTrade ? el("p", { class: "turn-play-change", "data-output": "play-trade" },
        `${capital(ownerWords(lastTrade.victim))} is eliminated: you trade for ${lastTrade.armies} armies and hold ${lastTrade.hand} cards.`) : null,
      el("p", { class: "turn-play-next", "data-output": "play-next", "data-action": placing ? "place" : action, "aria-live": "polite" },
        el("strong", {}, "Next: "), placing ? `Place ${placed.join(", ")}. Then ${nextWords(next).replace(/^./, (c) => c.toLowerCase())}` : nextWords(next)),
      placing ? placePart(result.placement)
        : next.attack ? attackPart(now, next.attack, errorBox) : next.move ? movePart(now, next.move, errorBox, trade) : null,
      errorBox,
      positionWords(now.position, now.moving),
      later.length ? el("details", { class: "turn-play-course" }, el("summary", {}, real ? "Then, typically" : "Then, the plan"),
        el("ul", { "data-output": "play-words" }, later.map((w) => el("li", {}, w)))) : null,
      el("p", { class: "hint", "data-output": "play-timing" }, `Answered in ${(ms / 1000).toFixed(2)} s.`));
    slot.dataset.status = "done";
    slot.dataset.ms = String(Math.round(ms));
    if (focus) bringUp(title);
  }

  // the form's Reset ends the play (a hidden field keeps its value through a reset)
  form.addEventListener("reset", () => setTimeout(end, 0));

  return {
    answered(r, params) {
      answer = r;
      base = params;
      start = Object.fromEntries(Object.entries(params.position).map(([t, h]) => [nameOf(t) ?? t, { ...h }]));
      // every answer with a first action: the real play's, keep's, or a plan fixed in advance's
      const playable = Boolean(r.next && !r.next.stop);
      const kept = readPlay(field.value);
      if (playable && kept && kept.key === playKey(params)) {
        play = kept;
        show();
      } else if (play || field.value) {
        end();
      }
      if (!playable) return null;
      return el("p", { class: "turn-play-start" },
        button("Play it", "play-start", begin, { class: "primary" }),
        el("span", { class: "hint" }, " roll by roll: enter what happens, get the next move."));
    },
  };
}
