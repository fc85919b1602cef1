#!/usr/bin/env python3
"""Lists the programs of a configured build that the clang GPU set carries.

usage: clang_gpu_set_programs.py BUILD_DIR [--with-bench]

The build's own tests say what exists and how it runs, so a program added
later joins the set without a list to update here:
  - gpu.NAME run by tests/run_pair.sh: NAME.native and NAME.lowered print
    the same stdout (samples, tests/gpu, and with --with-bench the
    benchmarks);
  - gpu.NAME running NAME.lowered alone (tests/runtime_limits), with the
    test's environment (e.g. CDPL_RECORD_POOL=100).
Fuzz programs are left out: their runs are compared by tests/fuzz/check.py
against specs, not by identical stdout.

Prints one tab-separated line per program:
  NAME  pair|lowered  ENV (space-separated, or -)  SOURCES
SOURCES, relative to the source tree, is what run_native_more.sh builds
natively: the file, or for a program of several files their directory
(every .cu file under it, and nothing else, must be the program's);
- for a lowered-only program. The native sources come from CMake's file API
(the codemodel-v2 query the calling script places before configuring).
"""
import glob
import json
import os
import subprocess
import sys


def fail(message):
    sys.exit(f"clang_gpu_set_programs.py: {message}")


def native_sources(build_dir):
    """Maps each NAME.native target to its CUDA sources, relative to the source tree."""
    reply = os.path.join(build_dir, ".cmake", "api", "v1", "reply")
    indexes = sorted(glob.glob(os.path.join(reply, "index-*.json")))
    if not indexes:
        fail(f"no CMake file API reply in {reply}: configure with the codemodel-v2 query")
    with open(indexes[-1]) as f:
        index = json.load(f)
    codemodel_file = index["reply"]["codemodel-v2"]["jsonFile"]
    with open(os.path.join(reply, codemodel_file)) as f:
        codemodel = json.load(f)
    sources = {}
    for target in codemodel["configurations"][0]["targets"]:
        if not target["name"].endswith(".native"):
            continue
        with open(os.path.join(reply, target["jsonFile"])) as f:
            detail = json.load(f)
        sources[target["name"][: -len(".native")]] = sorted(
            s["path"] for s in detail["sources"] if s["path"].endswith(".cu"))
    return sources, codemodel["paths"]["source"]


def native_argument(name, files, source_dir):
    if not files:
        fail(f"{name}.native has no .cu source")
    if os.path.isabs(files[0]):
        fail(f"{name}.native builds {files[0]}, outside the source tree: "
             "the GPU machine could not build it natively")
    if len(files) == 1:
        return files[0]
    directory = os.path.commonpath(files)
    under = sorted(os.path.relpath(p, source_dir) for p in
                   glob.glob(os.path.join(source_dir, directory, "**", "*.cu"), recursive=True))
    if under != files:
        fail(f"{name}.native is {' '.join(files)}, not every .cu file under {directory}")
    return directory


def main():
    if len(sys.argv) not in (2, 3) or (len(sys.argv) == 3 and sys.argv[2] != "--with-bench"):
        sys.exit(__doc__.split("\n\n")[1])
    build_dir = sys.argv[1]
    with_bench = len(sys.argv) == 3
    sources, source_dir = native_sources(build_dir)
    listing = subprocess.run(["ctest", "--test-dir", build_dir, "--show-only=json-v1"],
                             check=True, capture_output=True, text=True).stdout
    for test in json.loads(listing)["tests"]:
        name = test["name"]
        if not name.startswith("gpu."):
            continue
        name = name[len("gpu."):]
        if name.startswith("bench_") and not with_bench:
            continue
        properties = {p["name"]: p["value"] for p in test.get("properties", [])}
        environment = " ".join(properties.get("ENVIRONMENT", [])) or "-"
        binaries = [os.path.basename(word) for word in test["command"]]
        if os.path.basename(test["command"][0]) == "run_pair.sh":
            print(f"{name}\tpair\t{environment}\t{native_argument(name, sources[name], source_dir)}")
        elif f"{name}.lowered" in binaries and f"{name}.native" not in binaries:
            print(f"{name}\tlowered\t{environment}\t-")


if __name__ == "__main__":
    main()
