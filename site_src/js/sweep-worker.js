// One thread of the real turn's float sweep (sweep-pool.js starts it from the engine's worker): it
// sweeps its share of the blocks (real-sweep.js sweepShare) in the memory the engine's thread shares
// with it. Messages in: {spec (JSON text), keys (Float64Array), VF (Float64Array), ctrl (Int32Array),
// tables (every block's key table)}, all but spec over SharedArrayBuffers; "ping". Out: "ready" once
// loaded, "pong" to a ping.
import { sweepShare } from "./real-sweep.js";

self.onmessage = ({ data }) => {
  if (data === "ping") {
    self.postMessage("pong");
    return;
  }
  try {
    sweepShare(JSON.parse(data.spec), data.keys, data.VF, data.ctrl, () => {}, data.tables);
  } catch (err) {                   // the block it failed in is flagged: the engine's thread sweeps it
    console.error("a sweep thread failed:", err);
  }
};
self.postMessage("ready");
