// An async module at the top of <body> on a page that computes at once (the calculators page):
// the engine worker starts here, as soon as <body> opens, instead of after the whole page is
// parsed (about 0.2 s later on the calculators page); app.js then mounts the forms on it. The
// table of approximate answers is decoded here too, so a form shows one as soon as it is mounted
// instead of a few tasks later, behind the other calculators' mounting.
import { pageEngine } from "./page-engine.js";
import { loadTable } from "./approx.js";

if (document.body.dataset.engineStart === "eager") {
  pageEngine().start();
  loadTable();
}
