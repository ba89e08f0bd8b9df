// Battle: A attackers against D defenders. The answer first (P(win) and P(lose) in words), then
// the exact values one click away, the losses, their distribution, and "continue from here".
// In Balanced Blitz the answer is a real number, shown beside the true-random odds it reshapes,
// and one chart holds both loss distributions.
import { register } from "./registry.js";
import { el } from "../dom.js";
import { parseInteger, pick, readAttackers, readRetreat, checkStates } from "../validate.js";
import { readCommon, ruleParams, isBalanced, diceModeLabel, trueRandomLabel } from "../rule-fields.js";
import { probabilityView, exactBox, realView, realBox } from "../views/probability.js";
import { answerLine, answerPart, lead, averageValue, modeLead, policyView } from "../views/answer.js";
import { conventionUnit, conventionOffset } from "../limits.js";
import { chartFigure } from "../views/chart.js";
import { distTable } from "../views/dist-table.js";
import { approxBattle } from "../approx.js";

const FULL_DETAIL_STATES = 20000; // above this, exact lists are not worth shipping to the page

function read(get) {
  const { values, errors } = readCommon(get);
  readAttackers(get, values, errors);
  pick(values, errors, "defenders", parseInteger(get("defenders"), { min: 1, label: "Defenders" }));
  readRetreat(get, values, errors);
  pick(values, errors, "defender_goal", parseInteger(get("defender_goal"), { optional: true, label: "Defender goal" }));
  pick(values, errors, "survivors", parseInteger(get("survivors"), { optional: true, label: "Win with at least" }));
  if (!errors.attackers && !errors.defenders) checkStates(errors, values.attackers, values.defenders);
  if (!errors.defender_goal && !errors.defenders && values.defender_goal !== null && values.defender_goal >= values.defenders) {
    errors.defender_goal = "Defender goal must be below the number of defenders.";
  }
  if (!errors.survivors && !errors.attackers && values.survivors !== null && values.survivors > values.attackers) {
    errors.survivors = "Survivors cannot be more than the attackers you start with.";
  }
  return { values, errors };
}

function request(v) {
  const params = {
    attackers: v.attackers, defenders: v.defenders, convention: v.convention, ...ruleParams(v),
    detail: v.attackers * v.defenders <= FULL_DETAIL_STATES ? "full" : "summary",
  };
  if (v.retreat_at !== null) params.retreat_at = v.retreat_at;
  if (v.defender_goal) params.defender_goal = v.defender_goal;
  if (v.survivors !== null) params.survivors = v.survivors;
  return { op: "battle", params };
}

function answer(r, v) {
  const retreats = v.retreat_at !== null;
  return answerLine([
    answerPart("win", v.defender_goal ? `Defenders worn down to ${v.defender_goal}:` : "Attacker wins", r.win),
    answerPart("loss", retreats || v.defender_goal ? "wiped out" : "loses", r.loss),
    retreats ? answerPart("stopped", "retreats", r.stopped) : null,
  ]);
}

/** What a win leaves, in the reader's count (on the board: the one left behind included). */
function survivorsLine(p, convention) {
  const mean = averageValue(p, "mean_survivors_on_win");
  return conventionOffset(convention)
    ? ["If the attacker wins, it has ", mean, " armies left on average, the one that stayed behind included."]
    : ["If the attacker wins, ", mean, ` of its ${conventionUnit(convention)} survive on average.`];
}

/** The second line: survivors on a win, "win with at least k left", average losses. */
function moreLines(r, v) {
  return el("ul", { class: "answer-more" },
    r.mean_survivors_on_win ? el("li", {}, survivorsLine(r.mean_survivors_on_win, v.convention)) : null,
    r.win_with_survivors
      ? el("li", {}, answerPart("win_with_survivors", `Win with at least ${v.survivors} left:`, r.win_with_survivors))
      : null,
    el("li", {}, "On average the attacker loses ", averageValue(r.mean_attackers_lost, "mean_attackers_lost"),
      " armies and the defender ", averageValue(r.mean_defenders_lost, "mean_defenders_lost"), "."));
}

/** Balanced Blitz beside true random dice for the same battle: the exact odds it starts from. */
function trueRandomLine(r) {
  return answerLine([
    answerPart("true_win", `${trueRandomLabel()}: wins`, r.true_random.win),
    answerPart("true_loss", "loses", r.true_random.loss),
  ], { cls: "compare" });
}

function realViews(r, v) {
  const at = `, ${v.attackers} v ${v.defenders}, Balanced Blitz`;
  return realBox([
    realView(r.win, { detail: "win", label: `P(attacker wins)${at}` }),
    realView(r.loss, { detail: "loss", label: `P(attacker loses)${at}` }),
    r.win_with_survivors ? realView(r.win_with_survivors, { detail: "win_with_survivors", label: `P(win with at least ${v.survivors} left)${at}` }) : null,
  ], { extra: spreadNote(r) });
}

/** The standard deviation of losses, in words, to one decimal. */
function spreadNote(r) {
  const sd = (x) => Number(x).toFixed(1);
  return el("p", { class: "note" }, `Losses typically stray from the average by about ${sd(r.std_attackers_lost)} armies `
    + `for the attacker and ${sd(r.std_defenders_lost)} for the defender (the standard deviation).`);
}

function exactViews(r, v) {
  if (isBalanced(v)) return realViews(r, v);
  const at = `, ${v.attackers} v ${v.defenders}`; // labels name the battle: a page may hold several
  const views = [
    probabilityView(r.win, { detail: "win", label: (v.defender_goal ? `P(defenders down to ${v.defender_goal} or fewer)` : "P(attacker wins)") + at }),
    probabilityView(r.loss, { detail: "loss", label: `P(attacker loses)${at}` }),
    v.retreat_at !== null ? probabilityView(r.stopped, { detail: "stopped", label: `P(attacker retreats)${at}` }) : null,
    r.win_with_survivors ? probabilityView(r.win_with_survivors, { detail: "win_with_survivors", label: `P(win with at least ${v.survivors} left)${at}` }) : null,
  ];
  return exactBox(views, { extra: spreadNote(r) });
}

/** "The battle is now at 40 v 6: continue from here" fills in the new battle and computes it. */
function continueFromHere(r, v, ctx) {
  const id = `${ctx.form.id}-now`;
  const a = el("input", { id: `${id}-a`, type: "text", inputmode: "numeric", autocomplete: "off", value: String(v.attackers), "aria-label": "Attackers now" });
  const d = el("input", { id: `${id}-d`, type: "text", inputmode: "numeric", autocomplete: "off", value: String(v.defenders), "aria-label": "Defenders now" });
  const go = el("button", { type: "button", "data-action": "continue" }, "Continue from here");
  const fill = () => ctx.fill({ attackers: a.value.trim(), defenders: d.value.trim() });
  go.addEventListener("click", fill);
  for (const input of [a, d]) input.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); fill(); } });
  return el("div", { class: "continue", role: "group", "aria-labelledby": `${id}-t` },
    el("p", { id: `${id}-t` }, "Mid-battle? Enter where it stands now:"),
    el("div", { class: "continue-row" }, a, el("span", {}, "v"), d, go));
}

/** While Python loads: P(win) and P(lose) from the build's precomputed table, marked as approximate. */
async function approximate(v) {
  const params = { attackers: v.attackers, defenders: v.defenders, convention: v.convention, ...ruleParams(v) };
  if (v.retreat_at !== null) params.retreat_at = v.retreat_at;
  if (v.defender_goal) params.defender_goal = v.defender_goal;
  const a = await approxBattle(params); // null outside the table (rules, stops, armies over 200)
  if (!a) return null;
  const approx = { approximate: true };
  return el("div", { class: "battle-result" }, lead(
    answerLine([answerPart("approx-win", "Attacker wins", a.win, approx), answerPart("approx-loss", "loses", a.loss, approx)], { cls: "approximate" }),
    el("p", { class: "approx-note" }, "Approximate, from a precomputed table; the exact answer is loading.")));
}

/** The loss distribution: one series, or in Balanced Blitz two (it and true random dice). */
function lossSeries(r, v) {
  if (!Array.isArray(r.attackers_lost) || !r.attackers_lost.length) return [];
  if (!isBalanced(v)) return [{ name: "Chance", values: r.attackers_lost }];
  return [{ name: diceModeLabel(v.dice_mode), short: "Balanced Blitz", values: r.attackers_lost },
    { name: trueRandomLabel(), short: "True random", values: r.true_random.attackers_lost }];
}

function render(r, v, ctx) {
  const balanced = isBalanced(v);
  const parts = [modeLead(v.dice_mode, balanced, answer(r, v), balanced ? trueRandomLine(r) : null,
    policyView(r.defender_policy), moreLines(r, v), exactViews(r, v), continueFromHere(r, v, ctx))];
  const series = lossSeries(r, v);
  if (series.length) {
    const battle = `${v.attackers} ${conventionUnit(v.convention)} against ${v.defenders}`;
    const title = balanced ? `Attackers lost, ${battle}: Balanced Blitz and true random dice` : `Attackers lost, ${battle}`;
    parts.push(chartFigure(series, { title, xLabel: "attacking armies lost" }));
    parts.push(distTable(series, { caption: `Distribution of attackers lost, ${v.attackers} v ${v.defenders}`, firstColumn: "Attackers lost" }));
  }
  return el("div", { class: "battle-result", "data-dice-mode": v.dice_mode }, parts);
}

register({ name: "battle", read, request, render, approximate });
