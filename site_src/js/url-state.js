// Calculator inputs in the query string: ?calc=<form id>&attackers=75&...#<form id>. A shared link
// (or a form submitted before the page's scripts ran: each form carries a hidden calc=<id> and
// submits to its own anchor) refills that form and runs it. One calculator's state at a time.

export function readState(formId) {
  const q = new URLSearchParams(location.search);
  if (q.get("calc") !== formId) return null;
  q.delete("calc");
  return Object.fromEntries(q.entries());
}

function query(formId, values) {
  const q = new URLSearchParams();
  q.set("calc", formId);
  for (const [k, v] of Object.entries(values)) if (v !== null && v !== undefined && v !== "") q.set(k, String(v));
  return q.toString();
}

/** The page's address for this state (what "Copy link" copies). */
export function stateURL(formId, values) {
  return `${location.origin}${location.pathname}?${query(formId, values)}#${formId}`;
}

/** The address shows the form's inputs; the history entry keeps its state (a form's Undo marks). */
export function writeState(formId, values) {
  history.replaceState(history.state, "", `${location.pathname}?${query(formId, values)}#${formId}`);
}
