// Every calculator the site knows. Add one: write calculators/NAME.js that calls register(), import it here.
import "./battle.js";
import "./path.js";

export { getCalculator } from "./registry.js";
