// Undo for a form whose position is entered on the board (board/entry.js): the fields as they were
// before each edit, the newest last. A burst of edits of one kind (typing more digits into one
// territory's armies) is one edit. Each edit also leaves an entry in the browser's history, marked
// with how many edits the page had then, so Back takes an edit back as the Undo button does.
//
// No DOM here: `history` is the page's (or a stand-in: tests/js/board-undo.test.mjs).

/**
 * key: the history state's key for this form; snapshot(): the fields now ({name: text}); restore(fields):
 * put them back (and let the form compute again); onChange(count): after the list changed (the
 * button's state); most: the longest list kept. Returns {record(kind), undo(), back(), popped(state),
 * reset(), size}.
 */
export function undoList({ key, snapshot, restore, onChange = () => {}, most = 50, history = globalThis.history, href = () => globalThis.location.href }) {
  const past = []; // [{fields, kind}], the oldest first
  let now = snapshot();
  let restoring = false;
  let editKind = null; // what the last recorded change was: "armies:Egypt", "field:reinforcements"
  const same = (a, b) => Object.keys(a).every((k) => a[k] === b[k]);

  /** A change of the fields: those before it go on the list (a burst of the same kind is one edit). */
  function record(kind = null) {
    const next = snapshot();
    if (restoring || same(next, now)) return;
    const last = past.at(-1);
    if (!(last && kind && last.kind === kind && kind === editKind)) {
      past.push({ fields: now, kind });
      if (past.length > most) past.shift();
      if (past.length === 1) history.replaceState({ ...(history.state ?? {}), [key]: 0 }, "", href());
      history.pushState({ ...(history.state ?? {}), [key]: past.length }, "", href());
    }
    editKind = kind;
    now = next;
    onChange(past.length);
  }

  /** The last edit taken back. */
  function undo() {
    const last = past.pop();
    if (!last) return;
    restoring = true;
    now = last.fields;
    editKind = null;
    onChange(past.length);
    try { restore(last.fields); } finally { restoring = false; }
  }

  return {
    record,
    undo,
    /** The Undo button: Back, where the history's entry is this list's last (popped() then undoes it). */
    back() {
      if (history.state?.[key] === past.length) history.back();
      else undo();
    },
    /** The history went back to `state`: every edit after the one it marks taken back. */
    popped(state) {
      const n = state?.[key];
      if (Number.isInteger(n)) while (past.length > n) undo();
    },
    /** The fields now are the start (after a form's reset). */
    reset() { now = snapshot(); },
    get size() { return past.length; },
  };
}
