"""A trace that a correct CDP2 implementation could produce, made from a spec
alone: every grid runs on its own, after its parent, its children one after
another in an order that respects program order, phases and events, tail
launches last, roots in host order. The checker's self-test plants
violations in such traces."""

ERR_PENDING = 69
ERR_INVALID_CONFIGURATION = 9


def op_order(op):
    return (op["phase"], op["block"], op["thread"], op["seq"])


def serial_run(spec):
    """A run dict as check.parse_traces returns it."""
    ops = spec["ops"]
    grids = {g["id"]: g for g in spec["grids"]}
    codes = {}
    limit_left = spec.get("pending_limit") or 0
    for op in ops:
        if "code" not in op:
            continue
        if op.get("limit"):
            codes[op["code"]] = 0 if limit_left > 0 else ERR_PENDING
            limit_left -= 1
        elif op["expect"] is not None:
            codes[op["code"]] = op["expect"]
        else:
            # Open outcomes: an over-sized shared memory request fails, a probe reads 0.
            codes[op["code"]] = ERR_INVALID_CONFIGURATION if op["kind"] == "launch" else 0
    launched = {}
    for index, op in enumerate(ops):
        if op["kind"] == "launch" and codes[op["code"]] == 0 and op["grid"] in grids:
            launched.setdefault(op["inst"], []).append(op)
    records = {}
    ticket = [1]

    def take():
        ticket[0] += 1
        return ticket[0] - 1

    def run_grid(gid):
        g = grids[gid]
        start = take()
        end = take()
        records[gid] = {"start": start, "end": end, "blocks": g["blocks"], "runs": 1, "arg": g["arg"],
                        "blk": g["blk"], "obs": g["obs"] or "0000000000000000", "smembad": 0, "timeouts": 0}
        children = sorted(launched.get(gid, []), key=op_order)
        for op in [c for c in children if not c["stream"].startswith("tail/")]:
            run_grid(op["grid"])
        for op in [c for c in children if c["stream"].startswith("tail/")]:
            run_grid(op["grid"])

    roots = sorted((g for g in spec["grids"] if g["op"] < 0), key=lambda g: g["host_order"])
    for g in roots:
        run_grid(g["id"])
    return {"status": 0, "host": [0] * len(roots), "sync": 0, "grids": records, "codes": codes, "notes": [],
            "invalid_runs": 0, "queries": [0] * (4 * spec.get("host_queries", 0))}


def format_run(seed, run):
    """The text a generated main prints for one program."""
    lines = [f"BEGIN 0 {seed}", "H" + "".join(f" {c}" for c in run["host"]), f"S {run['sync']}",
             f"I {run['invalid_runs']}"]
    if run["queries"]:
        lines.append("Q" + "".join(f" {c}" for c in run["queries"]))
    for gid, r in sorted(run["grids"].items()):
        lines.append(f"G {gid} {r['start']} {r['end']} {r['blocks']} {r['runs']} {r['arg']} {r['blk']} "
                     f"{r['obs']} {r['smembad']} {r['timeouts']}")
    for slot, code in sorted(run["codes"].items()):
        lines.append(f"C {slot} {code}")
    lines.append(f"END 0 {seed} {run['status']}")
    return "\n".join(lines) + "\n"
