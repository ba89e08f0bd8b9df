// The territory picked on the board, edited under it: who holds it (you, the opponent, or not in
// play), its armies (a stepper and a typed number) and whether it is in the set the form asks about
// (a target of the Turn's, a territory the Hold keeps). Its controls have no name, so they are not
// the form's state: board/entry.js writes what they set into the form's fields, which a link carries.
import { el } from "../dom.js";
import { step } from "../controls.js";
import { PLAYER, OPPONENT } from "./position.js";

/** A field whose number is selected when it takes the focus (a tap or Tab), so that the next key
 *  typed replaces it; the tap's own mouseup would otherwise drop the selection. */
export function selectOnFocus(input) {
  let fresh = false;
  input.addEventListener("focus", () => { fresh = true; input.select(); });
  input.addEventListener("mouseup", (e) => { if (fresh) e.preventDefault(); fresh = false; });
  input.addEventListener("keydown", () => { fresh = false; });
}

const OWNERS = [[PLAYER, "You"], [OPPONENT, "Opponent"], ["", "Not in play"]];

/** The Turn's continent button: on an opponent's territory, the whole continent to the opponent. */
function takeWords({ continent, holding }) {
  if (!holding || holding.owner === PLAYER) return null;
  const n = holding.armies;
  return `Take ${continent}: all of it the opponent's, ${n} ${Number(n) === 1 ? "army" : "armies"} on each`;
}

/** The editor panel (hidden until a territory is picked). onOwner(owner | ""), onArmies(text),
 *  onTarget(on): the switch (its words `markLabel`, "Target" by default), onContinent(): the
 *  continent button, whose words `wholeWords({continent, holding})` gives (null: no button here;
 *  by default the Turn's, the whole continent to the opponent with as many armies on each as on
 *  this one, and the continent the goal). */
export function territoryEditor({ id, onOwner, onArmies, onTarget, onContinent, markLabel = "Target", wholeWords = takeWords }) {
  const title = el("p", { class: "t-editor-title", id: `${id}-title` });
  const owners = OWNERS.map(([owner, text]) => el("button", { type: "button", "data-owner": owner, "aria-pressed": "false" }, text));
  const armies = el("input", { id: `${id}-armies`, type: "text", inputmode: "numeric", autocomplete: "off", spellcheck: "false",
    "data-stepper": "", "data-min": "1" });
  const stepper = (by, text) => el("button", { type: "button", class: "step", tabindex: "-1", "data-by": by }, text);
  const fewer = stepper(-1, "−"), more = stepper(1, "+");
  const armiesLabel = el("label", { for: armies.id });
  const target = el("input", { type: "checkbox", id: `${id}-target` });
  const whole = el("button", { type: "button", class: "whole-continent", hidden: true });
  const panel = el("div", { class: "t-editor", id, role: "group", "aria-labelledby": title.id, hidden: true },
    title,
    el("div", { class: "t-editor-row" },
      el("div", { class: "t-owner" }, el("span", { class: "t-owner-label", id: `${id}-held` }, "Held by"),
        el("div", { class: "toggle", role: "group", "aria-labelledby": `${id}-held` }, owners)),
      el("div", { class: "field number" }, armiesLabel, el("div", { class: "stepper" }, fewer, armies, more)),
      el("label", { class: "switch", for: target.id }, target, el("span", {}, markLabel))),
    whole);

  for (const b of owners) b.addEventListener("click", () => onOwner(b.dataset.owner));
  for (const b of [fewer, more]) b.addEventListener("click", () => step(armies, Number(b.dataset.by)));
  armies.addEventListener("input", () => { if (armies.value.trim()) onArmies(armies.value.trim()); });
  target.addEventListener("change", () => onTarget(target.checked));
  whole.addEventListener("click", () => onContinent());
  selectOnFocus(armies); // a tap in the armies field selects them, so that typing replaces them

  /** Show `territory` ({name, continent, holding: {owner, armies} | undefined, goal: in the goal}). */
  function show({ name, continent, holding, goal }) {
    panel.hidden = false;
    title.replaceChildren(el("strong", {}, name), ` · ${continent}`);
    const owner = holding ? (holding.owner === PLAYER ? PLAYER : OPPONENT) : "";
    for (const b of owners) b.setAttribute("aria-pressed", String(b.dataset.owner === owner));
    armiesLabel.textContent = `Armies on ${name}`;
    fewer.setAttribute("aria-label", `Armies on ${name}: one fewer`);
    more.setAttribute("aria-label", `Armies on ${name}: one more`);
    if (document.activeElement !== armies) armies.value = holding ? String(holding.armies) : "";
    for (const c of [armies, fewer, more, target]) c.disabled = !holding;
    target.checked = goal;
    // the whole continent at once (the Turn: to the opponent, on an opponent's territory)
    const words = wholeWords({ continent, holding });
    whole.hidden = !words;
    if (words) whole.textContent = words;
  }

  /** Into the armies field, its number selected: the next key typed replaces it. */
  function typeArmies() {
    armies.focus();
    armies.select();
  }

  return { element: panel, show, typeArmies, hide: () => { panel.hidden = true; }, first: () => owners.find((b) => b.getAttribute("aria-pressed") === "true") ?? owners[0] };
}
