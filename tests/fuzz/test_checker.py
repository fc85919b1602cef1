#!/usr/bin/env python3
"""CTest: the checker passes a correct trace and reports planted violations.

    test_checker.py SEED...

For each seed, a trace that a correct CDP2 schedule could produce is made
from the spec (fuzz_synth.py) and written and parsed as the programs print
it. Compared with itself it must show no finding. Then one fault at a time
is planted in the "lowered" copy, and each must be reported: a reordering
(a grid starting before the grid its stream or a tail rule puts before it is
complete), the same across an event, a lost launch, a duplicated launch, a wrong error
code, wrong arguments, a grid that nobody launched, a launch that failed
but ran, a host query of a kernel that answers wrong."""
import copy
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import check  # noqa: E402
from fuzz_model import expand, features_of, generate  # noqa: E402
from fuzz_synth import format_run, serial_run  # noqa: E402


def spec_of(seed):
    program = generate(seed)
    spec = expand(program)
    spec.pop("bases")
    spec.update(seed=seed, pending_limit=program.pending_limit, features=features_of(program, spec),
                host_queries=len(program.queries))
    return spec


def through_text(seed, run):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(format_run(seed, run))
    try:
        return check.parse_traces(f.name)[seed]
    finally:
        os.unlink(f.name)


def ordered_pair(spec, run):
    """Two launched grids where the second must start after the first is
    complete: same stream in program order, a tail after its parent's other
    work, or the two sides of an event."""
    launches = [op for op in spec["ops"] if op["kind"] == "launch" and op["grid"] in run["grids"]]
    for i, a in enumerate(launches):
        for b in launches[i + 1:]:
            if a["stream"] == b["stream"] and a["stream"] != "faf" and check.happens_before(a, b):
                return a["grid"], b["grid"], "stream order"
            if (b["stream"].startswith("tail/") and a["inst"] == b["inst"]
                    and not a["stream"].startswith("tail/")):
                return a["grid"], b["grid"], "tail after other work"
    return None


def event_pair(spec, run):
    """A grid launched before an event's record and one launched after the
    wait for it, into the two streams."""
    ops = spec["ops"]
    records = {op["event"]: op for op in ops if op["kind"] == "ev_record" and op["expect"] == 0}
    for w in ops:
        if w["kind"] != "ev_wait" or w["expect"] != 0:
            continue
        r = records[w["event"]]
        before = [a for a in ops if a["kind"] == "launch" and a["stream"] == r["stream"]
                  and check.happens_before(a, r) and a["grid"] in run["grids"]]
        behind = [b for b in ops if b["kind"] == "launch" and b["stream"] == w["stream"]
                  and check.happens_before(w, b) and b["grid"] in run["grids"]]
        if before and behind:
            return before[0]["grid"], behind[-1]["grid"]
    return None


def plant(kind, spec, run):
    """The run with one fault of `kind`, or None when the program has no place for it."""
    bad = copy.deepcopy(run)
    grids = bad["grids"]
    launched = [op for op in spec["ops"] if op["kind"] == "launch" and op["grid"] in grids]
    if kind == "reorder":
        pair = ordered_pair(spec, run)
        if pair is None:
            return None
        first, second, _ = pair
        grids[second]["start"] = grids[first]["start"]
    elif kind == "event_order":
        pair = event_pair(spec, run)
        if pair is None:
            return None
        grids[pair[1]]["start"] = grids[pair[0]]["start"]
    elif kind == "lost":
        if not launched:
            return None
        del grids[launched[-1]["grid"]]
    elif kind == "duplicated":
        if not launched:
            return None
        g = grids[launched[0]["grid"]]
        g["runs"], g["blocks"] = 2, 2 * g["blocks"]
    elif kind == "wrong_code":
        ops = [op for op in spec["ops"] if "code" in op and op["expect"] is not None]
        if not ops:
            return None
        bad["codes"][ops[-1]["code"]] = 999
    elif kind == "wrong_args":
        gid = max(grids)
        grids[gid]["arg"] = "0123456789abcdef"
    elif kind == "invalid_ran":
        if not any(op["kind"] == "launch" and op.get("invalid") for op in spec["ops"]):
            return None
        bad["invalid_runs"] = 1
    elif kind == "phantom":
        grids[spec["ngrids"] + 7] = dict(next(iter(grids.values())))
    elif kind == "wrong_query":
        if not bad["queries"]:
            return None
        bad["queries"][0] = 1001
    return bad


KINDS = ["reorder", "event_order", "lost", "duplicated", "wrong_code", "wrong_args", "phantom", "invalid_ran",
         "wrong_query"]


def main():
    failures = 0
    planted = {kind: 0 for kind in KINDS}
    for seed in map(int, sys.argv[1:]):
        spec = spec_of(seed)
        clean = through_text(seed, serial_run(spec))
        mismatches, anomalies, _ = check.compare(spec, clean, copy.deepcopy(clean))
        if mismatches or anomalies:
            print(f"seed {seed}: a correct trace was reported: {(mismatches + anomalies)[:3]}")
            failures += 1
        for kind in KINDS:
            bad = plant(kind, spec, clean)
            if bad is None:
                continue
            planted[kind] += 1
            mismatches, _, _ = check.compare(spec, clean, through_text(seed, bad))
            if not mismatches:
                print(f"seed {seed}: planted {kind} was not reported")
                failures += 1
    for kind, count in planted.items():
        print(f"{kind}: planted in {count} programs")
        if count == 0:
            print(f"  no program had a place for {kind}: choose other seeds")
            failures += 1
    print("PASS" if failures == 0 else "FAIL")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
