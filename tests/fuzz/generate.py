#!/usr/bin/env python3
"""Random CDP2 programs for differential fuzzing of cdp-lower.

    generate.py SEED [--out-dir DIR]
        writes DIR/seed_SEED.cu (one program and its main) and DIR/seed_SEED.json,
        and DIR/seed_SEED_other.cu where the program has kernels in another file
    generate.py --bundle FILE.cu SEED...
        writes one .cu holding every program (each in its own namespace, run one
        after another by one main), FILE_other.cu (the kernels that FILE.cu only
        declares; always written, maybe without any) and seed_N.json beside
        them; the seeds must share their pending-launch limit (see --describe)
    generate.py --describe SEED...
        prints "SEED LIMIT" per seed (LIMIT: the pending-launch limit the
        program sets, 0 for the default)

The spec (JSON) lists every grid that can run with its expected digests and
every operation with its happens-before position; tests/fuzz/check.py reads it.
Output depends only on the seed.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from fuzz_emit import emit_file, emit_other_file, kernels_elsewhere  # noqa: E402
from fuzz_model import expand, features_of, generate  # noqa: E402


def build(seed):
    program = generate(seed)
    spec = expand(program)
    return program, spec


def spec_json(program, spec):
    out = {"seed": program.seed, "pending_limit": program.pending_limit,
           "features": features_of(program, spec), "roots": len(program.roots),
           "host_queries": len(program.queries)}
    out.update({k: v for k, v in spec.items() if k != "bases"})
    return json.dumps(out, separators=(",", ":"), sort_keys=True) + "\n"


def write(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("seeds", nargs="+", type=int)
    parser.add_argument("--out-dir", default=".")
    parser.add_argument("--bundle", metavar="FILE.cu")
    parser.add_argument("--describe", action="store_true")
    args = parser.parse_args()

    if args.describe:
        for seed in args.seeds:
            print(seed, generate(seed).pending_limit or 0)
        return 0
    if args.bundle is None and len(args.seeds) != 1:
        parser.error("several seeds need --bundle")
    built = [build(seed) for seed in args.seeds]
    limits = {program.pending_limit for program, _ in built}
    if len(limits) > 1:
        parser.error("seeds with different pending-launch limits cannot share a file: " + str(sorted(
            limits, key=str)))
    if args.bundle:
        out_dir = os.path.dirname(os.path.abspath(args.bundle))
        cu = args.bundle
    else:
        out_dir = args.out_dir
        cu = os.path.join(out_dir, f"seed_{args.seeds[0]}.cu")
    os.makedirs(out_dir, exist_ok=True)
    for program, spec in built:
        write(os.path.join(out_dir, f"seed_{program.seed}.json"), spec_json(program, spec))
    write(cu, emit_file(built, limits.pop()))
    programs = [program for program, _ in built]
    other = other_file_of(cu)
    if args.bundle or any(kernels_elsewhere(program) for program in programs):
        write(other, emit_other_file(programs))
    elif os.path.exists(other):
        os.remove(other)
    return 0


def other_file_of(cu):
    """Where the kernels that `cu` declares and launches live."""
    return cu[:-len(".cu")] + "_other.cu"


if __name__ == "__main__":
    sys.exit(main())
