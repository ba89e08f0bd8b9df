// An async module at the top of <body> on a page that computes at once (the calculators page):
// the engine worker starts here, as soon as <body> opens, instead of after the whole page is
// parsed (about 0.2 s later on the calculators page); app.js then mounts the forms on it.
import { pageEngine } from "./page-engine.js";

if (document.body.dataset.engineStart === "eager") pageEngine().start();
