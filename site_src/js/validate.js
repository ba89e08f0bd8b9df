// Inline checks that run before the worker is asked. Each returns {value} or {error}. Every bound
// comes from the engine's published limits (limits.js); the engine checks again and has the last word.
import { limit, conventions, findConvention, conventionUnit, conventionNote } from "./limits.js";

const THOUSANDS = /^[+-]?\d{1,3}(,\d{3})+$/; // "1,000,000"; "1,5" is not a number here

export function parseInteger(raw, { min = 0, max = limit("max_armies"), optional = false, label = "This" } = {}) {
  let s = String(raw ?? "").trim().replace(/[_\s]/g, "");
  if (s === "") return optional ? { value: null } : { error: `${label} is required: enter a whole number.` };
  if (s.length > limit("max_input_chars")) return { error: `${label} is too long: at most ${limit("max_input_chars")} characters.` };
  if (s.includes(",")) {
    if (!THOUSANDS.test(s)) return { error: `${label} must be a whole number like 1500 (a comma may only separate thousands).` };
    s = s.replace(/,/g, "");
  }
  if (/^[+-]?\d+\.\d*$|^[+-]?\d*\.\d+$|^[+-]?\d+(\.\d+)?e[+-]?\d+$/i.test(s)) {
    return { error: `${label} must be a whole number (no decimals).` };
  }
  if (!/^[+-]?\d+$/.test(s)) return { error: `${label} must be a whole number.` };
  const n = BigInt(s);
  if (n < 0n) return { error: `${label} cannot be negative.` };
  if (n < BigInt(min)) return { error: `${label} must be at least ${min}.` };
  if (n > BigInt(max)) return { error: `${label} is too large: at most ${Number(max).toLocaleString("en-US")} here.` };
  return { value: Number(n) };
}

export function oneOf(raw, allowed, label = "This") {
  return allowed.includes(raw) ? { value: raw } : { error: `${label} must be one of: ${allowed.join(", ")}.` };
}

/** Put a parse result into values/errors under `name`. */
export function pick(values, errors, name, res) {
  if (res.error) errors[name] = res.error; else values[name] = res.value;
}

/** The army convention, one the engine publishes (limits.js): "territory" (one army stays
 *  behind, T = A + 1) or "attacking" (all may die). */
export function readConvention(get, values, errors) {
  pick(values, errors, "convention", oneOf(get("convention"), conventions().map((c) => c.name), "Armies counted"));
}

/** Armies that stay behind on the attacking territory in the form's convention (the engine's
 *  offset); 0 while the convention itself is in error, which the form reports on its own. */
export function staysBehind(values) {
  return findConvention(values.convention)?.offset ?? 0;
}

/** Why a count is too small in `convention`, then what is allowed:
 *  "With armies on the territory, one stays behind: at least 2." */
export function staysBehindText(convention, allowed) {
  return `With ${conventionUnit(convention)}, ${conventionNote(convention)}: ${allowed}.`;
}

/** The attacking stack in the chosen convention: at least 1 attacking army, so at least
 *  1 + offset counted in the convention (2 on the territory: one stays). */
export function readAttackers(get, values, errors, name = "attackers", label = "Attackers") {
  const least = 1 + staysBehind(values);
  const a = parseInteger(get(name), { min: least, label });
  if (!a.error) values[name] = a.value;
  else errors[name] = least > 1 && /at least/.test(a.error) ? staysBehindText(values.convention, `at least ${least}`) : a.error;
}

/** Refuse attackers x defenders beyond the engine's max_states before asking it (same limit, same words). */
export function checkStates(errors, attackers, defenders, field = "attackers") {
  const states = attackers * defenders;
  const max = limit("max_states");
  if (!errors[field] && states > max) {
    const n = (x) => x.toLocaleString("en-US");
    errors[field] = `${n(attackers)} × ${n(defenders)} is ${n(states)} states, more than the engine's limit of ${n(max)}. Try smaller numbers.`;
  }
}

/** The optional retreat threshold (the attacker stops at this many or fewer), below the stack `of`. */
export function readRetreat(get, values, errors, of = "attackers") {
  pick(values, errors, "retreat_at", parseInteger(get("retreat_at"), { optional: true, label: "Retreat at" }));
  if (!errors.retreat_at && !errors[of] && values.retreat_at !== null && values.retreat_at >= values[of]) {
    errors.retreat_at = "Retreat threshold must be below the number of attackers.";
  }
}
