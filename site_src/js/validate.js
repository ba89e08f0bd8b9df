// Inline checks that run before the worker is asked. Each returns {value} or {error}.

export function parseInteger(raw, { min = 0, max = 1e9, optional = false, label = "This" } = {}) {
  const s = String(raw ?? "").trim().replace(/[_\s,]/g, "");
  if (s === "") return optional ? { value: null } : { error: `${label} is required: enter a whole number.` };
  if (/^[+-]?\d+\.\d*$|^[+-]?\d*\.\d+$|^[+-]?\d+(\.\d+)?e[+-]?\d+$/i.test(s)) {
    return { error: `${label} must be a whole number (no decimals).` };
  }
  if (!/^[+-]?\d+$/.test(s)) return { error: `${label} must be a whole number.` };
  if (s.startsWith("-") && BigInt(s) < 0n) return { error: `${label} cannot be negative.` };
  const n = BigInt(s);
  if (n < BigInt(min)) return { error: `${label} must be at least ${min}.` };
  if (n > BigInt(max)) return { error: `${label} is too large: at most ${Number(max).toLocaleString("en-US")} here.` };
  return { value: Number(n) };
}

export function oneOf(raw, allowed, label = "This") {
  return allowed.includes(raw) ? { value: raw } : { error: `${label} must be one of: ${allowed.join(", ")}.` };
}

/** Read and check the common rule fields; fills `values` and `errors`. */
export function readRules(get, values, errors) {
  const pick = (name, res) => { if (res.error) errors[name] = res.error; else values[name] = res.value; };
  pick("convention", oneOf(get("convention"), ["attacking", "territory"], "Convention"));
  pick("defend_dice", parseInteger(get("defend_dice"), { min: 1, max: 3, label: "Defender dice" }));
  pick("attack_dice", parseInteger(get("attack_dice"), { min: 1, max: 3, label: "Attacker dice" }));
  pick("ties", oneOf(get("ties"), ["defender", "attacker"], "Ties"));
  pick("defender_bonus", oneOf(get("defender_bonus"), ["none", "highest", "both"], "Defender bonus"));
  pick("attack_faces", parseInteger(get("attack_faces"), { min: 2, max: 100, label: "Attacker die faces" }));
  pick("defend_faces", parseInteger(get("defend_faces"), { min: 2, max: 100, label: "Defender die faces" }));
}

export const MAX_ARMIES = 100000; // "absurdly large" for a browser tab
export const MAX_STATES = 1e9; // attackers x defenders: absurd beyond this (the engine has its own, lower limit)

/** The attacking stack in the chosen convention: at least 1, or 2 on the territory (one stays). */
export function readAttackers(get, values, errors, name = "attackers", label = "Attackers") {
  const minA = values.convention === "territory" ? 2 : 1;
  const a = parseInteger(get(name), { min: minA, max: MAX_ARMIES, label });
  if (!a.error) values[name] = a.value;
  else errors[name] = minA === 2 && /at least 2/.test(a.error)
    ? "With armies counted on the territory, one stays behind: at least 2." : a.error;
}
