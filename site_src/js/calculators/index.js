// Every calculator the site knows. Add one: write calculators/NAME.js that calls register(), import it here.
import "./battle.js";
import "./path.js";
import "./campaign.js";
import "./plan.js";
import "./needed.js";
import "./table.js";
import { onDemand } from "./registry.js";

// The Turn calculator draws the board: its code, geometry and board facts load only when its form
// comes near (sitebuild/weight.py leaves an import marked "on demand" out of a page's weight).
onDemand("turn", () => /* on demand */ import("./turn.js"));

export { getCalculator, loadCalculator } from "./registry.js";
