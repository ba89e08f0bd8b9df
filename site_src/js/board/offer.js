// The reinforcements the engine counts for the player's position (op "reinforcements"), offered
// beside the form's reinforcements field: "The board gives you 5: 3 for 9 territories, 2 for South
// America. [Use 5]". Asked a moment after the last change of the position or the card set; a
// newer change cancels the older question. A form can switch it off (the Hold calculator right
// after the player's attacks, when he places no new armies): the hint then says that instead.
import { el } from "../dom.js";

export const OFFER_DELAY_MS = 250; // after the last change of the position or the cards

/** The engine's count in words: {count, text}: "The board gives you 5: 3 for 9 territories, 2 for
 *  South America." (the result of op "reinforcements"). */
export function offerWords(result) {
  const parts = [`${result.from_territories} for ${result.territories} territor${result.territories === 1 ? "y" : "ies"}`,
    ...result.continents.map((c) => `${c.bonus} for ${c.name}`), ...(result.cards ? [`${result.cards} for the cards`] : [])];
  return { count: result.reinforcements, text: `The board gives you ${result.reinforcements}: ${parts.join(", ")}.` };
}

/**
 * The offer for one form. engine: the page's; hint: the element it goes in (its first text is put
 * back when there is nothing to offer); position(): the position read ({value} | {error}) as the
 * engine's request position, or null; cards(): the card set's armies (0 for none); use(count): the
 * Use button's action; off(): null to offer, or the words to show instead. Returns {schedule()}.
 */
export function reinforcementsOffer({ engine, hint, position, cards = () => 0, use, off = () => null, player }) {
  const plain = hint.textContent;
  let timer = null, seq = 0, callId = null;

  async function ask() {
    const my = ++seq;
    if (callId !== null && !engine.isRunning(callId)) engine.cancel(callId);
    const instead = off();
    if (instead !== null) { hint.textContent = instead; return; }
    const pos = position();
    if (!pos) { hint.textContent = plain; return; }
    const call = engine.call("reinforcements", { position: pos, player, cards: cards() });
    callId = call.id;
    let result;
    try { ({ result } = await call.promise); } catch { return; } // cancelled by a newer one, or the engine restarted
    if (my !== seq) return;
    if (!result.ok || off() !== null) { hint.textContent = off() ?? plain; return; }
    const { count, text } = offerWords(result);
    const button = el("button", { type: "button", class: "use-count", "data-offer": count }, `Use ${count}`);
    button.addEventListener("click", () => use(count));
    hint.replaceChildren(`${text} `, button);
  }

  return { schedule() { clearTimeout(timer); timer = setTimeout(ask, OFFER_DELAY_MS); } };
}
