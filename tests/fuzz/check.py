#!/usr/bin/env python3
"""Compares fuzz programs run natively (CDP2) and lowered (cdp-lower).

    check.py SPEC_DIR NATIVE_TRACE LOWERED_TRACE [--json FILE] [--seeds-out FILE]
             [--left-out FILE]

SPEC_DIR holds seed_N.json (written by generate.py); each trace is the
concatenated standard output of the programs' runs (BEGIN/END blocks, see
fuzz_emit.py). For every program and each side, from the spec alone:
  - every launch that returned 0 ran exactly once with all its blocks, every
    launch that failed never ran, no grid ran that nobody launched;
  - each grid got its arguments, blockIdx/gridDim/blockDim, dynamic shared
    memory and (readers) the data its stream order promises;
  - the orderings CDP2 guarantees hold on the recorded tickets: NULL stream
    per block, named, per-thread and tail streams serialized (launches that
    happen before others in program or phase order go first, the others do
    not overlap), tail launches after their parent and all its other work,
    events, host stream order;
  - every error code is the one CDP2 defines (where it defines one);
  - the host's queries of kernels (attributes, occupancy, cache and shared
    memory settings) succeed and answer what the kernels' launches need.
Then across the sides: the same grids ran with the same digests and every
thread's error codes are identical, except launches past the pending-launch
limit, which may fail at different launches (each ran exactly once or failed
with 69 and never ran).
A program whose native run breaks a rule is reported apart ("native
anomalies"): that is a generator or checker bug, not a lowering one. Where
the native run crashed, what the lowered run breaks of the spec is reported
as "unconfirmed_<kind>".
A program that printed on one side only is reported missing on the other,
except the seeds listed in the --left-out file (one a line): programs the
device run never built or ran because its deadline came first
(device_run.sh), which are counted apart and not compared.
Exit status 1 when any program mismatches.
"""
import argparse
import json
import os
import sys
from collections import Counter, defaultdict

ERR_PENDING = 69
NOT_RUN = 0xFFFFFFFF


# ---------------------------------------------------------------- traces

def parse_traces(path):
    """seed -> run: {'status', 'host', 'sync', 'grids', 'codes', 'notes'}."""
    runs = {}
    current = None
    with open(path, errors="replace") as f:
        for line in f:
            parts = line.split()
            if not parts:
                continue
            tag = parts[0]
            if tag == "BEGIN" and len(parts) >= 3:
                current = {"status": None, "host": [], "sync": None, "grids": {}, "codes": {}, "notes": [],
                           "invalid_runs": 0, "queries": []}
                runs[int(parts[2])] = current
            elif current is None:
                continue
            elif tag == "END" and len(parts) >= 4:
                current["status"] = int(parts[3])
                current = None
            elif tag == "H":
                current["host"] = [int(x) for x in parts[1:]]
            elif tag == "Q":
                current["queries"] = [int(x) for x in parts[1:]]
            elif tag == "S" and len(parts) == 2:
                current["sync"] = int(parts[1])
            elif tag == "I" and len(parts) == 2:
                current["invalid_runs"] = int(parts[1])
            elif tag == "G" and len(parts) == 11:
                gid = int(parts[1])
                start, end, blocks, runs_ = (int(x) for x in parts[2:6])
                current["grids"][gid] = {"start": start, "end": end, "blocks": blocks, "runs": runs_,
                                         "arg": parts[6], "blk": parts[7], "obs": parts[8],
                                         "smembad": int(parts[9]), "timeouts": int(parts[10])}
            elif tag == "C" and len(parts) == 3:
                current["codes"][int(parts[1])] = int(parts[2])
            elif tag in ("X", "ABORT", "TIMEOUT"):
                current["notes"].append(line.strip())
    return runs


# ---------------------------------------------------------------- one side

def happens_before(a, b):
    """Program order within a thread, and __syncthreads() phases within a block."""
    if a["inst"] != b["inst"] or a["block"] != b["block"]:
        return False
    if a["phase"] != b["phase"]:
        return a["phase"] < b["phase"]
    return a["thread"] == b["thread"] and a["seq"] < b["seq"]


class Side:
    """One run of one program, checked against its spec."""

    def __init__(self, spec, run):
        self.spec, self.run = spec, run
        self.problems = []        # (kind, text)
        self.grids = {g["id"]: g for g in spec["grids"]}
        self.ops = spec["ops"]

    def problem(self, kind, text):
        self.problems.append((kind, text))

    def code(self, op):
        return self.run["codes"].get(op["code"], -1)

    def ran(self, gid):
        r = self.run["grids"].get(gid)
        return r is not None and (r["runs"] > 0 or r["blocks"] > 0)

    def check(self):
        run = self.run
        if run["status"] is None or run["status"] != 0 or run["sync"] != 0:
            self.problem("crash", f"program did not finish cleanly: status {run['status']}, "
                         f"synchronize {run['sync']} {' '.join(run['notes'])}".strip())
            return self
        if any(run["host"]):
            self.problem("host_launch", f"host launch codes {run['host']}")
        # Four calls a queried kernel, each 0 (1001, 1002: a wrong answer).
        queries = self.spec.get("host_queries", 0)
        if len(run["queries"]) != 4 * queries or any(run["queries"]):
            self.problem("host_query", f"host queries of {queries} kernels gave {run['queries']}")
        self.check_codes()
        self.check_grids()
        self.check_orders()
        return self

    def check_codes(self):
        for op in self.ops:
            if "code" not in op:
                continue
            value = self.code(op)
            if op.get("limit"):
                if value not in (0, ERR_PENDING):
                    self.problem("code", f"launch of grid {op['grid']} past the pending limit returned {value}")
            elif op["expect"] is not None and value != op["expect"]:
                self.problem("code", f"{op['kind']} (op {self.ops.index(op)}, grid {op.get('grid', '-')}) "
                             f"returned {value}, expected {op['expect']}")

    def check_grids(self):
        run = self.run
        # Launches of the parameterless kernel that had to fail: blocks of
        # those that did not fail may have run, no others.
        allowed = sum(op["blocks"] for op in self.ops
                      if op["kind"] == "launch" and op.get("invalid") and self.code(op) == 0)
        if run["invalid_runs"] != allowed:
            self.problem("ran_after_failure", f"{run['invalid_runs']} blocks of failed launches ran "
                         f"({allowed} expected)")
        for gid, r in run["grids"].items():
            if gid not in self.grids and (r["runs"] or r["blocks"]):
                self.problem("phantom", f"grid {gid} ran but no launch makes it")
        for gid, g in self.grids.items():
            launched = 0 if g["op"] < 0 else self.code(self.ops[g["op"]])
            r = run["grids"].get(gid)
            ran = self.ran(gid)
            if launched == 0:
                if not ran:
                    self.problem("lost", f"grid {gid} ({g['kernel']}) was launched with success but never ran")
                    continue
                if r["runs"] > 1 or r["blocks"] > g["blocks"]:
                    self.problem("duplicated", f"grid {gid} ({g['kernel']}) ran {r['runs']} times, "
                                 f"{r['blocks']} blocks of {g['blocks']}")
                    continue
                if r["blocks"] < g["blocks"] or r["runs"] < 1:
                    self.problem("partial", f"grid {gid} ran {r['blocks']} of {g['blocks']} blocks")
                    continue
            elif ran:
                self.problem("ran_after_failure", f"grid {gid} ran although its launch returned {launched}")
                continue
            else:
                continue
            if r["arg"] != g["arg"]:
                self.problem("args", f"grid {gid} ({g['kernel']}) got other arguments (digest {r['arg']}, "
                             f"expected {g['arg']})")
            if r["blk"] != g["blk"]:
                self.problem("block_indices", f"grid {gid} saw other blockIdx/gridDim/blockDim")
            if g["obs"] is not None and r["obs"] != g["obs"]:
                self.problem("data", f"reader grid {gid} saw other data than its stream order promises")
            if r["smembad"]:
                self.problem("dynamic_smem", f"grid {gid}: {r['smembad']} bytes of dynamic shared memory changed")
            if r["timeouts"]:
                self.problem("timeout", f"grid {gid}: a block waited in vain for the grid-shared stream")

    # ---- orderings
    def sub_end(self, gid, memo):
        if gid in memo:
            return memo[gid]
        end = self.run["grids"][gid]["end"]
        for c in self.children.get(gid, []):
            end = max(end, self.sub_end(c, memo))
        memo[gid] = end
        return end

    def check_orders(self):
        grids = self.run["grids"]
        ran = {gid for gid in self.grids if self.ran(gid)}
        self.children = defaultdict(list)
        for gid in ran:
            if self.grids[gid]["parent"] >= 0:
                self.children[self.grids[gid]["parent"]].append(gid)
        memo = {}
        start = {gid: grids[gid]["start"] for gid in ran}

        def after(later, earlier, rule):
            if start[later] <= self.sub_end(earlier, memo):
                self.problem("order", f"{rule}: grid {later} started (ticket {start[later]}) before grid "
                             f"{earlier} and its work were complete (ticket {self.sub_end(earlier, memo)})")

        launches = [op for op in self.ops if op["kind"] == "launch" and op["grid"] in ran]
        streams = defaultdict(list)
        for op in launches:
            if op["stream"] != "faf":
                streams[op["stream"]].append(op)
        for key, members in streams.items():
            rule = key.split("/")[0] + " stream"
            for i, a in enumerate(members):
                for b in members[i + 1:]:
                    if happens_before(a, b):
                        after(b["grid"], a["grid"], rule + " order")
                    elif happens_before(b, a):
                        after(a["grid"], b["grid"], rule + " order")
                    elif not (start[b["grid"]] > self.sub_end(a["grid"], memo) or
                              start[a["grid"]] > self.sub_end(b["grid"], memo)):
                        self.problem("order", f"{rule}: grids {a['grid']} and {b['grid']} overlap")
        for op in launches:
            if op["stream"].startswith("tail/"):
                parent, tail = op["inst"], op["grid"]
                if start[tail] <= grids[parent]["end"]:
                    self.problem("order", f"tail launch {tail} started before its parent {parent}'s blocks ended")
                for other in launches:
                    if other["inst"] == parent and not other["stream"].startswith("tail/"):
                        after(tail, other["grid"], "tail launch after the parent's other work")
        by_host_stream = defaultdict(list)
        for g in self.grids.values():
            if g["op"] < 0 and g["id"] in ran:
                by_host_stream[g["host_stream"]].append(g)
        for roots in by_host_stream.values():
            roots.sort(key=lambda g: g["host_order"])
            for a, b in zip(roots, roots[1:]):
                after(b["id"], a["id"], "host stream order")
        records = {op["event"]: op for op in self.ops if op["kind"] == "ev_record" and self.code(op) == 0}
        for w in self.ops:
            if w["kind"] != "ev_wait" or self.code(w) != 0 or w["event"] not in records:
                continue
            r = records[w["event"]]
            before = [a for a in streams.get(r["stream"], []) if happens_before(a, r)]
            behind = [b for b in streams.get(w["stream"], []) if happens_before(w, b)]
            for a in before:
                for b in behind:
                    after(b["grid"], a["grid"], "event")
        for gid in ran:
            parent = self.grids[gid]["parent"]
            if parent >= 0 and start[gid] <= start[parent]:
                self.problem("order", f"grid {gid} started before its parent {parent}")


# ---------------------------------------------------------------- both sides

def compare(spec, native_run, lowered_run):
    """(mismatches, native anomalies, info) for one program."""
    native = Side(spec, native_run).check() if native_run else None
    lowered = Side(spec, lowered_run).check() if lowered_run else None
    mismatches, anomalies, info = [], [], {}
    if native is None:
        anomalies.append(("missing", "no native run"))
    else:
        anomalies += native.problems
    if lowered is None:
        mismatches.append(("missing", "no lowered run"))
        return mismatches, anomalies, info
    if native is None or any(k == "crash" for k, _ in native.problems):
        # Nothing to compare with, but the lowered run still answers to the spec.
        mismatches += [("unconfirmed_" + k, t) for k, t in lowered.problems]
        return mismatches, anomalies, info
    native_kinds = Counter(k for k, _ in (native.problems if native else []))
    for kind, text in lowered.problems:
        # A problem both sides share is the spec's, not the lowering's...
        if native_kinds[kind] and (kind, text) in native.problems:
            continue
        mismatches.append((kind, text))
    if any(k == "crash" for k, _ in lowered.problems):
        return mismatches, anomalies, info
    # ...but the sides must also agree where the spec leaves the outcome open.
    ops = spec["ops"]
    limit_ok = [0, 0]
    for op in ops:
        if "code" not in op:
            continue
        a, b = native.code(op), lowered.code(op)
        if op.get("limit"):
            limit_ok[0] += a == 0
            limit_ok[1] += b == 0
        elif a != b:
            mismatches.append(("code_differs", f"{op['kind']} (op {ops.index(op)}, grid {op.get('grid', '-')}) "
                               f"returned {a} natively, {b} lowered"))
    limited = {op["grid"] for op in ops if op.get("limit")}
    for gid, g in native.grids.items():
        if gid in limited:
            continue
        na, lo = native.ran(gid), lowered.ran(gid)
        if na != lo:
            mismatches.append(("ran_differs", f"grid {gid} ran {'natively only' if na else 'lowered only'}"))
        elif na:
            rn, rl = native.run["grids"][gid], lowered.run["grids"][gid]
            for field in ("arg", "blk", "obs", "blocks", "runs"):
                if rn[field] != rl[field]:
                    mismatches.append(("digest_differs", f"grid {gid}: {field} {rn[field]} natively, "
                                       f"{rl[field]} lowered"))
    if limited:
        info["limit_successes"] = limit_ok
    return mismatches, anomalies, info


def load_spec(spec_dir, seed):
    with open(os.path.join(spec_dir, f"seed_{seed}.json")) as f:
        return json.load(f)


def seed_list(seeds):
    """' (seeds 1 2 3)' for a summary line, '' when there are none."""
    return f" (seeds {' '.join(map(str, sorted(seeds)))})" if seeds else ""


def summarize(results, features, limit_info, left_out, out):
    n = len(results)
    bad = {s: r for s, r in results.items() if r[0]}
    odd = {s: r for s, r in results.items() if r[1]}
    kinds = Counter(k for r in bad.values() for k, _ in r[0])
    odd_kinds = Counter(k for r in odd.values() for k, _ in r[1])
    print(f"programs: {n + len(left_out)}", file=out)
    if left_out:
        print(f"left out by the device run's deadline, not compared: {len(left_out)}{seed_list(left_out)}", file=out)
    print(f"mismatching programs: {len(bad)}{seed_list(bad)}", file=out)
    for kind, count in sorted(kinds.items()):
        print(f"  {kind}: {count} findings", file=out)
    print(f"lost launches: {kinds['lost']}, duplicated launches: {kinds['duplicated']}, "
          f"ran after a failed launch: {kinds['ran_after_failure']}", file=out)
    print(f"native anomalies (generator/checker model): {len(odd)}{seed_list(odd)}", file=out)
    for kind, count in sorted(odd_kinds.items()):
        print(f"  {kind}: {count} findings", file=out)
    if limit_info:
        same = sum(1 for a, b in limit_info.values() if a == b)
        print(f"pending-limit programs: {len(limit_info)}; same number of successful launches both ways in "
              f"{same}", file=out)
    print("coverage (programs using each feature):", file=out)
    counts = Counter(f for fs in features.values() for f in fs)
    for name, count in sorted(counts.items(), key=lambda t: (-t[1], t[0])):
        print(f"  {name:44s} {count}", file=out)
    for seed in sorted(bad)[:20]:
        print(f"--- seed {seed}", file=out)
        for kind, text in bad[seed][0][:8]:
            print(f"  {kind}: {text}", file=out)
    for seed in sorted(odd)[:10]:
        print(f"--- seed {seed} (native)", file=out)
        for kind, text in odd[seed][1][:5]:
            print(f"  {kind}: {text}", file=out)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("spec_dir")
    parser.add_argument("native")
    parser.add_argument("lowered")
    parser.add_argument("--json", help="write every finding per seed here")
    parser.add_argument("--seeds-out", help="write the mismatching seeds here, one a line")
    parser.add_argument("--left-out", help="seeds the device run left out, one a line: not compared")
    args = parser.parse_args()
    native, lowered = parse_traces(args.native), parse_traces(args.lowered)
    left_out = set()
    if args.left_out:
        with open(args.left_out) as f:
            left_out = {int(line) for line in f if line.strip()}
    seeds = sorted((set(native) | set(lowered)) - left_out)
    results, features, limit_info = {}, {}, {}
    for seed in seeds:
        spec = load_spec(args.spec_dir, seed)
        features[seed] = spec["features"]
        mismatches, anomalies, info = compare(spec, native.get(seed), lowered.get(seed))
        results[seed] = (mismatches, anomalies)
        if "limit_successes" in info:
            limit_info[seed] = info["limit_successes"]
    summarize(results, features, limit_info, left_out, sys.stdout)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({str(s): {"mismatches": r[0], "native": r[1]} for s, r in results.items()}, f, indent=1)
    if args.seeds_out:
        with open(args.seeds_out, "w") as f:
            f.writelines(f"{s}\n" for s, r in sorted(results.items()) if r[0])
    return 1 if any(r[0] for r in results.values()) or not seeds else 0


if __name__ == "__main__":
    sys.exit(main())
