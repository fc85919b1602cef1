#!/usr/bin/env python3
"""CTest: the checker counts apart the programs a device run left out at its
deadline, and still reports any other program that printed on one side only.

    test_left_out_seeds.py SEED_A SEED_B SEED_C

Natively all three programs print a correct trace; lowered only SEED_A does.
With SEED_B and SEED_C listed in --left-out the check passes and says how
many it left out; with SEED_B alone listed, SEED_C's missing lowered run
must still fail it."""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import generate  # noqa: E402
from fuzz_synth import format_run, serial_run  # noqa: E402

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check.py")


def check(work, left_out):
    path = os.path.join(work, "left_out")
    with open(path, "w") as f:
        f.writelines(f"{seed}\n" for seed in left_out)
    result = subprocess.run([sys.executable, CHECK, work, os.path.join(work, "native.txt"),
                             os.path.join(work, "lowered.txt"), "--left-out", path],
                            capture_output=True, text=True)
    return result.returncode, result.stdout


def main():
    seeds = [int(s) for s in sys.argv[1:4]]
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        runs = {}
        for seed in seeds:
            program, spec = generate.build(seed)
            with open(os.path.join(work, f"seed_{seed}.json"), "w") as f:
                f.write(generate.spec_json(program, spec))
            runs[seed] = format_run(seed, serial_run(spec))
        with open(os.path.join(work, "native.txt"), "w") as f:
            f.write("".join(runs[s] for s in seeds))
        with open(os.path.join(work, "lowered.txt"), "w") as f:
            f.write(runs[seeds[0]])

        status, out = check(work, seeds[1:])
        if status != 0 or "left out by the device run's deadline, not compared: 2" not in out:
            print(f"two programs left out: exit {status}, expected 0 and a count of 2:\n{out}")
            failures += 1
        status, out = check(work, seeds[1:2])
        if status != 1 or f"mismatching programs: 1 (seeds {seeds[2]})" not in out:
            print(f"one left out, one missing: exit {status}, expected 1 and seed {seeds[2]} mismatching:\n{out}")
            failures += 1
    print("PASS" if failures == 0 else "FAIL")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
