#!/usr/bin/env python3
"""CTest: the generator's output depends on the seed only.

    test_generator.py SEED...

Each seed is generated twice into fresh folders (the .cu and its spec must
be byte for byte the same), a bundle of all seeds twice as well, and two
different seeds must give different programs."""
import filecmp
import os
import subprocess
import sys
import tempfile

GENERATE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "generate.py")


def generate(args, cwd):
    subprocess.run([sys.executable, GENERATE] + args, cwd=cwd, check=True)


def same_files(a, b):
    names = sorted(os.listdir(a))
    if names != sorted(os.listdir(b)):
        return False, f"different files: {names} and {sorted(os.listdir(b))}"
    match, mismatch, errors = filecmp.cmpfiles(a, b, names, shallow=False)
    return not mismatch and not errors, f"differ: {mismatch + errors}"


def main():
    seeds = sys.argv[1:]
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        runs = [os.path.join(tmp, name) for name in ("one", "two")]
        for run in runs:
            os.makedirs(run)
            for seed in seeds:
                generate([seed, "--out-dir", run], run)
        ok, why = same_files(*runs)
        print(f"single programs, generated twice: {'same' if ok else why}")
        failures += not ok

        bundles = [os.path.join(tmp, name) for name in ("b1", "b2")]
        regular = [s for s in seeds if subprocess.run(
            [sys.executable, GENERATE, "--describe", s], capture_output=True, text=True,
            check=True).stdout.split()[1] == "0"]
        for b in bundles:
            os.makedirs(b)
            generate(["--bundle", os.path.join(b, "all.cu")] + regular, b)
        ok, why = same_files(*bundles)
        print(f"bundle of {len(regular)} programs, generated twice: {'same' if ok else why}")
        failures += not ok

        first = os.path.join(runs[0], f"seed_{seeds[0]}.cu")
        second = os.path.join(runs[0], f"seed_{seeds[1]}.cu")
        with open(first) as f, open(second) as g:
            a, b = f.read().replace(f"fz_{seeds[0]}", "fz_"), g.read().replace(f"fz_{seeds[1]}", "fz_")
        different = a != b
        print(f"seeds {seeds[0]} and {seeds[1]} give different programs: {'yes' if different else 'no'}")
        failures += not different
    print("PASS" if failures == 0 else "FAIL")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
