// Every calculator the site knows. Add one: write calculators/NAME.js that calls register(), import it here.
import "./battle.js";
import "./path.js";
import "./campaign.js";
import "./plan.js";
import "./needed.js";
import "./table.js";
import { onDemand } from "./registry.js";

// The board's code and facts load when the Turn or Hold form comes near (sitebuild/weight.py: "on demand")
onDemand("turn", () => /* on demand */ import("./turn.js"));
onDemand("hold", () => /* on demand */ import("./hold.js"));

export { getCalculator, loadCalculator } from "./registry.js";
