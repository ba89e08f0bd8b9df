// Calculator definitions by name (the form's data-calculator). A definition is
//   { name, read(get) -> {values, errors}, request(values) -> {op, params},
//     render(result, values, ctx) -> Node (its [data-part=lead] goes right under the inputs),
//     mount?(form, ctx), approximate?(values) -> Promise<Node | null> (shown while Python loads),
//     prepare?: the op the engine warms up for once the form is mounted (EngineClient.prepare) }
// New calculators register themselves here and are listed in calculators/index.js; one listed with
// onDemand() has its module imported when its form is mounted.
const registry = new Map();
const loaders = new Map();

export function register(def) {
  if (registry.has(def.name)) throw new Error(`calculator ${def.name} registered twice`);
  registry.set(def.name, def);
}

/** `load()` imports the module that registers calculator `name`, when a form needs it. */
export function onDemand(name, load) {
  loaders.set(name, load);
}

export function getCalculator(name) {
  return registry.get(name) ?? null;
}

/** The definition of `name`, its module loaded first if it is one loaded on demand; null if unknown. */
export async function loadCalculator(name) {
  if (!registry.has(name) && loaders.has(name)) await loaders.get(name)();
  return getCalculator(name);
}
