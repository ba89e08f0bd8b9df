// Battle: P(win) and the distribution of losses for A attackers against D defenders.
import { register } from "./registry.js";
import { el } from "../dom.js";
import { parseInteger, readAttackers, readRules, MAX_ARMIES, MAX_STATES } from "../validate.js";
import { probabilityView } from "../views/probability.js";
import { chartFigure } from "../views/chart.js";
import { distTable } from "../views/dist-table.js";
import { decimal } from "../exact.js";

const FULL_DETAIL_STATES = 20000; // above this, exact lists are not worth shipping to the page

function read(get) {
  const values = {};
  const errors = {};
  readRules(get, values, errors);
  readAttackers(get, values, errors);
  const d = parseInteger(get("defenders"), { min: 1, max: MAX_ARMIES, label: "Defenders" });
  const r = parseInteger(get("retreat_at"), { min: 0, max: MAX_ARMIES, optional: true, label: "Retreat at" });
  if (d.error) errors.defenders = d.error; else values.defenders = d.value;
  if (r.error) errors.retreat_at = r.error; else values.retreat_at = r.value;
  if (!errors.attackers && !errors.defenders && values.attackers * values.defenders > MAX_STATES) {
    errors.attackers = `Attackers × defenders is over ${MAX_STATES.toLocaleString("en-US")} states: too large for a browser tab.`;
  }
  if (!errors.retreat_at && !errors.attackers && values.retreat_at !== null && values.retreat_at >= values.attackers) {
    errors.retreat_at = "Retreat threshold must be below the number of attackers.";
  }
  const g = parseInteger(get("defender_goal"), { min: 0, max: MAX_ARMIES, optional: true, label: "Defender goal" });
  if (g.error) errors.defender_goal = g.error; else values.defender_goal = g.value;
  if (!errors.defender_goal && !errors.defenders && values.defender_goal !== null && values.defender_goal >= values.defenders) {
    errors.defender_goal = "Defender goal must be below the number of defenders.";
  }
  const s = parseInteger(get("survivors"), { min: 0, max: MAX_ARMIES, optional: true, label: "Survivors" });
  if (s.error) errors.survivors = s.error; else values.survivors = s.value;
  if (!errors.survivors && !errors.attackers && values.survivors !== null && values.survivors > values.attackers) {
    errors.survivors = "Survivors cannot be more than the attackers you start with.";
  }
  return { values, errors };
}

function request(v) {
  const params = {
    attackers: v.attackers, defenders: v.defenders, convention: v.convention,
    attack_dice: v.attack_dice, defend_dice: v.defend_dice, ties: v.ties, defender_bonus: v.defender_bonus,
    attack_faces: v.attack_faces, defend_faces: v.defend_faces,
    detail: v.attackers * v.defenders <= FULL_DETAIL_STATES ? "full" : "summary",
  };
  if (v.retreat_at !== null) params.retreat_at = v.retreat_at;
  if (v.defender_goal) params.defender_goal = v.defender_goal;
  if (v.survivors !== null && v.survivors !== undefined) params.survivors = v.survivors;
  return { op: "battle", params };
}

function num(x) {
  if (x === null || x === undefined) return NaN;
  if (typeof x === "object" && x.num !== undefined) return Number(decimal(x.num, x.den, 12).replace("…", ""));
  if (typeof x === "object") return x.float;
  return Number(x);
}

function lossesView(r) {
  const row = (who, mean, std, key) => el("tr", {},
    el("th", { scope: "row" }, who),
    el("td", { "data-output": key, ...(mean && mean.num !== undefined ? { "data-num": mean.num, "data-den": mean.den } : {}) }, num(mean).toFixed(4)),
    el("td", {}, num(std).toFixed(4)));
  return el("table", { class: "losses" },
    el("caption", {}, "Expected armies lost"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Side"), el("th", { scope: "col" }, "Mean"), el("th", { scope: "col" }, "Std. deviation"))),
    el("tbody", {},
      row("Attacker", r.mean_attackers_lost, r.std_attackers_lost, "mean_attackers_lost"),
      row("Defender", r.mean_defenders_lost, r.std_defenders_lost, "mean_defenders_lost")));
}

function render(r, v) {
  const who = v.convention === "territory" ? "armies on the territory" : "attacking armies";
  const parts = [
    probabilityView(r.win, { output: "win", label: v.defender_goal ? `P(defenders down to ${v.defender_goal} or fewer)` : "P(attacker wins)" }),
    r.win_with_survivors ? probabilityView(r.win_with_survivors, { output: "win_with_survivors", label: `P(win with at least ${v.survivors} left)` }) : null,
    el("details", { class: "more-probs" },
      el("summary", {}, "P(attacker loses)", v.retreat_at !== null ? " and P(attacker retreats)" : ""),
      probabilityView(r.loss, { output: "loss", label: "P(attacker loses)" }),
      r.stopped && v.retreat_at !== null ? probabilityView(r.stopped, { output: "stopped", label: "P(attacker retreats)" }) : null),
    lossesView(r),
  ];
  if (Array.isArray(r.attackers_lost) && r.attackers_lost.length) {
    const title = `Attackers lost, ${v.attackers} ${who} against ${v.defenders}`;
    parts.push(chartFigure(r.attackers_lost, { title, xLabel: "attacking armies lost" }));
    parts.push(distTable(r.attackers_lost, { caption: "Distribution of attackers lost", firstColumn: "Attackers lost" }));
  }
  return el("div", { class: "battle-result" }, parts);
}

register({ name: "battle", read, request, render });
