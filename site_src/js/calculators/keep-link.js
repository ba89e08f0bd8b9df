// "Will I keep it?": from a turn that takes a continent (or the territories marked) to the Hold
// calculator in one tap, on the position the turn ends in: the player's territories with their
// armies, the opponent's stacks, the same set to keep, and no new armies for the holder (right
// after his attacks he only fortifies: the Hold form's "when" is "after"). The opponent's new armies
// are the engine's count for what he holds on the board as entered (op "reinforcements"), once it
// answers; the player changes it there to his real count.
//
// A link, not a script: the Hold form reads its fields from the address (url-state.js) on any page.
// holdFields() and holdURL() are pure (tests/js/keep-link.test.mjs).
import { el } from "../dom.js";
import { PLAYER, OPPONENT, positionText } from "../board/position.js";

export const HOLD_PAGE = "/calculators/";
export const HOLD_FORM = "hold";

/** The owner who attacks next: the first other owner in the position (the board's Opponent). */
export const opponentOf = (position) => Object.values(position).find((h) => h.owner !== PLAYER)?.owner ?? OPPONENT;

/**
 * The Hold form's fields for `position` ({territory: {owner, armies}}, the board's names) at the end
 * of a turn: the set to keep is the continent `goalName`, else the territories `goal`; order: the
 * board's territories (the position's text lists them so); theirs: the opponent's new armies, or
 * null (the form's own until the engine has counted them).
 */
export function holdFields({ position, goal, goalName = null, order, theirs = null }) {
  const holdings = Object.entries(position).map(([territory, h]) => ({ territory, owner: h.owner, armies: h.armies }));
  return {
    position: positionText(holdings, order),
    hold: goalName ?? "marked",
    marked: goalName ? "" : goal.join(", "),
    when: "after",
    reinforcements: "0",
    opponent: opponentOf(position),
    ...(theirs === null ? {} : { opponent_reinforcements: String(theirs) }),
  };
}

/** The Hold calculator's address with these fields. */
export function holdURL(fields) {
  const q = new URLSearchParams({ calc: HOLD_FORM, ...fields });
  return `${HOLD_PAGE}?${q}#${HOLD_FORM}`;
}

/** The link, and the engine asked for the opponent's count (the link carries it once known).
 *  engine: the page's; words: what follows the link ("on the position now"). */
export function keepLink({ engine, position, goal, goalName, order, words }) {
  const fields = { position, goal, goalName, order };
  const a = el("a", { class: "keep-link", "data-action": "keep", href: holdURL(holdFields(fields)) }, "Will I keep it?");
  const opponent = opponentOf(position);
  if (engine && Object.values(position).some((h) => h.owner === opponent)) {
    engine.call("reinforcements", { position, player: opponent }).promise.then(({ result }) => {
      if (!result.ok) return;
      a.href = holdURL(holdFields({ ...fields, theirs: result.reinforcements }));
      a.dataset.theirs = String(result.reinforcements);
    }, () => {}); // the engine restarted: the link keeps the form's own count
  }
  return el("p", { class: "keep" }, a, el("span", { class: "hint" }, ` ${words}`));
}
