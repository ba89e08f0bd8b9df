// Calculator inputs in the query string: ?calc=<form id>&attackers=75&... A shared link refills that
// form and runs it. One calculator's state at a time (the one last computed).

export function readState(formId) {
  const q = new URLSearchParams(location.search);
  if (q.get("calc") !== formId) return null;
  q.delete("calc");
  return Object.fromEntries(q.entries());
}

export function writeState(formId, values) {
  const q = new URLSearchParams();
  q.set("calc", formId);
  for (const [k, v] of Object.entries(values)) if (v !== null && v !== undefined && v !== "") q.set(k, String(v));
  history.replaceState(null, "", `${location.pathname}?${q.toString()}#${formId}`);
}
