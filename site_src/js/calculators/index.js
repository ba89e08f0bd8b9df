// Every calculator the site knows. Add one: write calculators/NAME.js that calls register(), import it here.
import "./battle.js";
import "./path.js";
import "./campaign.js";
import "./plan.js";
import "./needed.js";
import "./table.js";

export { getCalculator, loadCalculator } from "./registry.js";
