// Calculator definitions by name (the form's data-calculator). A definition is
//   { name, read(get) -> {values, errors}, request(values) -> {op, params},
//     render(result, values, ctx) -> Node (its [data-part=lead] goes right under the inputs),
//     mount?(form, ctx), approximate?(values) -> Promise<Node | null> (shown while Python loads) }
// New calculators register themselves here and are listed in calculators/index.js.
const registry = new Map();

export function register(def) {
  if (registry.has(def.name)) throw new Error(`calculator ${def.name} registered twice`);
  registry.set(def.name, def);
}

export function getCalculator(name) {
  return registry.get(name) ?? null;
}
