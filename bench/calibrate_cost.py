"""Measure what the engine's cost model (pysite/riskodds/guards/cost.py) predicts: CPU seconds and
peak memory of JSON API requests of many shapes, each in a fresh subprocess (so ru_maxrss is
its own), beside the model's estimate. The constants (COST_MODEL in facts/limits.py) come from runs of this script;
rerun it after changing the engine and adjust them so that the ratio column stays near 1 (a
little above is fine: refusing early is better than running for ever).

Usage: python bench/calibrate_cost.py [--quick]     (prints a table, saves bench/results/cost.json)
"""
import json
import os
import resource
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "pysite"))

A = "attacking"
CASES = [
    # (op, params) in the attacking convention
    ("battle", {"attackers": 500, "defenders": 500, "detail": "full"}),
    ("battle", {"attackers": 1000, "defenders": 1000, "detail": "full"}),
    ("battle", {"attackers": 2000, "defenders": 1, "detail": "full"}),
    ("battle", {"attackers": 4000, "defenders": 1, "detail": "full"}),
    ("battle", {"attackers": 1, "defenders": 4000, "detail": "full"}),
    ("battle", {"attackers": 2000, "defenders": 3, "detail": "full"}),
    ("battle", {"attackers": 1000, "defenders": 1000, "detail": "summary"}),
    ("battle", {"attackers": 2000, "defenders": 2000, "detail": "summary"}),
    ("battle", {"attackers": 3000, "defenders": 300, "detail": "summary"}),
    ("battle", {"attackers": 8000, "defenders": 1, "detail": "summary"}),
    ("battle", {"attackers": 16000, "defenders": 1, "detail": "summary"}),
    ("battle", {"attackers": 1, "defenders": 16000, "detail": "summary"}),
    ("battle", {"attackers": 4000, "defenders": 3, "detail": "summary"}),
    ("battle", {"attackers": 8000, "defenders": 3, "detail": "summary"}),
    ("battle", {"attackers": 3, "defenders": 8000, "detail": "summary"}),
    ("battle", {"attackers": 1000, "defenders": 1000, "detail": "summary", "defend_dice": 3}),
    ("battle", {"attackers": 600, "defenders": 600, "detail": "summary", "attack_faces": 20, "defend_faces": 20}),
    ("path", {"start_attackers": 2000, "start_defenders": 2000, "end_attackers": 1, "end_defenders": 1000}),
    ("needed", {"defenders": 400, "p": "0.99"}),
    ("needed", {"defenders": 800, "p": "0.5"}),
    ("needed", {"defenders": 20, "p": "0.5", "survivors": 1500}),
    ("defenders_needed", {"attackers": 800, "p": "0.5"}),
    ("table", {"max_attackers": 200, "max_defenders": 200}),
    ("table", {"max_attackers": 400, "max_defenders": 400}),
    ("table", {"max_attackers": 100, "max_defenders": 100, "detail": "full"}),
    ("campaign", {"attackers": 300, "territories": [20] * 10}),
    ("campaign", {"attackers": 1000, "territories": [1] * 42}),
    ("campaign", {"attackers": 2000, "territories": [3, 3, 3]}),
    # every dice count, faces and weights (the red-team rows: 1 v 1 dice, heavy weights)
    ("battle", {"attackers": 20000, "defenders": 1, "detail": "summary", "attack_dice": 1, "defend_dice": 1}),
    ("battle", {"attackers": 3000, "defenders": 3000, "detail": "summary", "attack_dice": 1, "defend_dice": 1}),
    ("battle", {"attackers": 3000, "defenders": 3000, "detail": "summary", "attack_dice": 2, "defend_dice": 1}),
    ("battle", {"attackers": 3000, "defenders": 3000, "detail": "summary", "attack_dice": 1, "defend_dice": 2}),
    ("battle", {"attackers": 3000, "defenders": 3000, "detail": "summary", "attack_dice": 2, "defend_dice": 2}),
    ("battle", {"attackers": 1500, "defenders": 1500, "detail": "summary", "defend_dice": 3}),
    ("battle", {"attackers": 20000, "defenders": 3, "detail": "summary"}),
    ("battle", {"attackers": 2000, "defenders": 1, "detail": "summary", "attack_faces": 100, "defend_faces": 100,
                "attack_weights": ",".join(str(1 + (i * 7919) % 1000000) for i in range(100))}),
    ("battle", {"attackers": 500, "defenders": 500, "detail": "summary", "attack_faces": 7, "defend_faces": 5,
                "attack_weights": "1,2,3,4,5,6,1000000", "defend_weights": "9,1,1,1,3"}),
    ("needed", {"defenders": 300, "p": "0.5", "attack_dice": 1, "defend_dice": 1}),
    ("table", {"max_attackers": 300, "max_defenders": 300, "attack_faces": 20, "defend_faces": 20}),
    ("path", {"start_attackers": 6000, "start_defenders": 6000, "end_attackers": 1000, "end_defenders": 1000,
              "attack_dice": 1, "defend_dice": 1}),
    # Balanced Blitz through the same guards
    ("battle", {"attackers": 2000, "defenders": 2000, "detail": "summary", "dice_mode": "balanced-blitz"}),
    ("battle", {"attackers": 600, "defenders": 600, "detail": "full", "dice_mode": "balanced-blitz"}),
    ("needed", {"defenders": 400, "p": "0.9", "dice_mode": "balanced-blitz"}),
    # a defender who chooses its dice, and branching plans
    ("battle", {"attackers": 150, "defenders": 150, "detail": "summary", "defender_choice": "after-roll"}),
    ("battle", {"attackers": 300, "defenders": 300, "detail": "summary", "defender_choice": "before-roll"}),
    ("needed", {"defenders": 60, "p": "0.9", "defender_choice": "after-roll"}),
    ("plan", {"attackers": 100, "targets": "A 10, B 10, C 10, D 10, E 10, F 10"}),
    ("plan", {"attackers": 200, "targets": "Brazil 12 > (Peru 10 > Argentina 10), (Venezuela 8 > Central America 10), "
                                           "East Africa 10"}),
    # the red-team's plans: many siblings, many equal targets, long chains, many armies
    ("plan", {"attackers": 3, "targets": ", ".join(f"T{chr(65 + i)} 1" for i in range(10))}),
    ("plan", {"attackers": 11, "targets": ", ".join(f"T{chr(65 + i)} 1" for i in range(12))}),
    ("plan", {"attackers": 29, "targets": ", ".join(f"T{chr(65 + i)} 3" for i in range(8))}),
    ("plan", {"attackers": 999, "targets": "1, 1, 1, 1"}),
    ("plan", {"attackers": 999, "targets": " > ".join(f"T{chr(65 + i)} 1" for i in range(10))}),
    ("plan", {"attackers": 1499, "targets": " > ".join(f"T{chr(65 + i)} 1" for i in range(10))}),
    ("plan", {"attackers": 59, "targets": "A 3, B 3, C 3, D 3, E 3, F 3", "min_move": "dice"}),
]


def one(op, params):
    """Run one request here; return the measured CPU seconds and peak MB, and the estimate."""
    import riskodds.interfaces.api as api
    params = {"convention": A, **params}
    est = api.handle(op, {**params, "estimate_only": True})["estimate"]
    t = time.process_time()
    res = api.handle(op, {**params, "time_budget_s": 1e9, "memory_budget_mb": 1e9})
    seconds = time.process_time() - t
    text = json.dumps(res)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"seconds": seconds, "peak_mb": peak, "ok": res["ok"], "chars": len(text),
            "est_seconds": est["seconds"], "est_mb": est["mb"]}


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--case":
        op, params = json.loads(sys.argv[2])
        print(json.dumps(one(op, params)))
        return
    quick = "--quick" in sys.argv
    rows = []
    print(f"{'op':17s} {'params':58s} {'cpu s':>7s} {'est s':>7s} {'ratio':>5s} {'MB':>6s} {'est MB':>7s}")
    for op, params in CASES[: 8 if quick else None]:
        out = subprocess.run([sys.executable, __file__, "--case", json.dumps([op, params])],
                             capture_output=True, text=True)
        if out.returncode:
            print(op, params, out.stderr[-500:])
            continue
        r = json.loads(out.stdout)
        rows.append({"op": op, "params": params, **r})
        print(f"{op:17s} {json.dumps(params)[:58]:58s} {r['seconds']:7.2f} {r['est_seconds']:7.2f} "
              f"{r['est_seconds'] / max(r['seconds'], 1e-3):5.2f} {r['peak_mb']:6.0f} {r['est_mb']:7.0f}",
              flush=True)
    os.makedirs(os.path.join(ROOT, "bench", "results"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "results", "cost.json"), "w") as f:
        json.dump({"load_average": os.getloadavg(), "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
