#!/usr/bin/env python3
"""Runs cdp-lower on one corpus input and checks what the input expects.

usage: check_input.py [options] CDP_LOWER INPUT.cu
       check_input.py [options] CDP_LOWER --generated KIND
options:
  --nvcc NVCC --runtime-include DIR   also compile the lowered file with
                                      `NVCC -arch=sm_90 -c` (no -rdc)
  --time-limit SECONDS                the most cdp-lower may take (default 120)

The expectation is written in the input as comment lines, or, for inputs
that cannot hold a comment (binary junk, an empty file), one directive a line
in the sidecar INPUT.cu.expect (lines starting with # are remarks):
  // EXPECT-ERROR: text       refused: exit status 1, no output file, and a
                              diagnostic `file:line:col: error: ...` holding
                              `text` on stderr (one per directive)
  // EXPECT-UNCHANGED         exit status 0, output byte for byte the input
  // EXPECT-LOWERED           exit status 0, output differs from the input
  // EXPECT-OUTPUT: text      the lowered output holds `text` (not counting
                              the lines that are these directives)
  // EXPECT-OUTPUT-NOT: text  it does not
Every run must end by itself (no signal), within the time limit, with no
sanitizer report on stderr. A lowered file keeps a leading UTF-8 byte order
mark first. With --generated, generate_input.py writes the input first.
Exits 0 when every check holds, 1 otherwise, 2 on a usage error.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

import generate_input

DIRECTIVE_IN_SOURCE = re.compile(rb"//\s*(EXPECT-[A-Z-]+)(?::(.*)|\s*)$")
DIRECTIVE_IN_SIDECAR = re.compile(rb"^\s*(EXPECT-[A-Z-]+)(?::(.*)|\s*)$")
KINDS = ("EXPECT-ERROR", "EXPECT-UNCHANGED", "EXPECT-LOWERED")
KNOWN = KINDS + ("EXPECT-OUTPUT", "EXPECT-OUTPUT-NOT")
ERROR_LINE = re.compile(r"^(.+?):(\d+):(\d+): error: ")
SANITIZER_REPORT = re.compile(r"Sanitizer|runtime error:|libFuzzer")
BYTE_ORDER_MARK = b"\xef\xbb\xbf"


def read_directives(path):
    sidecar = path + ".expect"
    if os.path.exists(sidecar):
        with open(sidecar, "rb") as source:
            lines, pattern = source.read().splitlines(), DIRECTIVE_IN_SIDECAR
    else:
        with open(path, "rb") as source:
            lines, pattern = source.read().splitlines(), DIRECTIVE_IN_SOURCE
    directives = []
    for line in lines:
        match = pattern.search(line)
        if match:
            text = (match.group(2) or b"").strip().decode("utf-8", errors="surrogateescape")
            directives.append((match.group(1).decode("ascii"), text))
    return directives


def is_directive_line(line):
    return DIRECTIVE_IN_SOURCE.search(line) is not None


def check_directives(directives):
    """The usage errors in a file's directives, as text."""
    unknown = [kind for kind, _ in directives if kind not in KNOWN]
    if unknown:
        return "unknown directive %s" % unknown[0]
    kinds = {kind for kind, _ in directives if kind in KINDS}
    if len(kinds) != 1:
        return "expected exactly one of %s, found %s" % (", ".join(KINDS), sorted(kinds) or "none")
    if "EXPECT-ERROR" in kinds and any(kind.startswith("EXPECT-OUTPUT") for kind, _ in directives):
        return "EXPECT-OUTPUT makes no sense for a refused input"
    return None


def run_tool(tool, input_path, output_path, time_limit):
    command = [tool, input_path, "-o", output_path]
    started = time.monotonic()
    try:
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=time_limit)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - started
    return result, time.monotonic() - started


def error_lines(stderr):
    return [line for line in stderr.splitlines()
            if ERROR_LINE.match(line) and all(int(n) >= 1 for n in ERROR_LINE.match(line).groups()[1:])]


def check_refused(directives, result, work):
    failures = []
    if result.returncode != 1:
        failures.append("exit status %d, expected 1" % result.returncode)
    left = os.listdir(work)
    if left:
        failures.append("files written although the input was refused: %s" % ", ".join(sorted(left)))
    stderr = result.stderr.decode("utf-8", errors="replace")
    located = error_lines(stderr)
    if not located:
        failures.append("no `file:line:col: error: ...` diagnostic on stderr")
    for kind, text in directives:
        if kind == "EXPECT-ERROR" and not any(text in line for line in located):
            failures.append("no `file:line:col: error:` diagnostic holding %r" % text)
    return failures


def check_output_text(directives, output):
    lines = [line.decode("utf-8", errors="surrogateescape")
             for line in output.splitlines() if not is_directive_line(line)]
    failures = []
    for kind, text in directives:
        found = any(text in line for line in lines)
        if kind == "EXPECT-OUTPUT" and not found:
            failures.append("EXPECT-OUTPUT: %r not in the lowered file" % text)
        if kind == "EXPECT-OUTPUT-NOT" and found:
            failures.append("EXPECT-OUTPUT-NOT: %r in the lowered file" % text)
    return failures


def compile_with_nvcc(nvcc, runtime_include, input_path, output_path, work):
    command = [nvcc, "-arch=sm_90", "-c", "-x", "cu", "-I", runtime_include,
               "-I", os.path.dirname(os.path.abspath(input_path)), output_path,
               "-o", os.path.join(work, "lowered.o")]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode == 0:
        return []
    return ["nvcc (no -rdc) refused the lowered file:\n" + result.stdout.decode("utf-8", errors="replace")]


def check_accepted(directives, result, input_path, output_path, options, work):
    kind = next(kind for kind, _ in directives if kind in KINDS)
    failures = []
    if result.returncode != 0:
        return ["exit status %d, expected 0" % result.returncode]
    stderr = result.stderr.decode("utf-8", errors="replace")
    if error_lines(stderr):
        failures.append("error diagnostics although the input was accepted")
    if not os.path.exists(output_path):
        return failures + ["no output file"]
    with open(input_path, "rb") as source:
        original = source.read()
    with open(output_path, "rb") as lowered:
        output = lowered.read()
    if kind == "EXPECT-UNCHANGED" and output != original:
        failures.append("the output differs from the input, which needs no lowering")
    if kind == "EXPECT-LOWERED":
        if output == original:
            failures.append("the output is the input: nothing was lowered")
        if original.startswith(BYTE_ORDER_MARK) and not output.startswith(BYTE_ORDER_MARK):
            failures.append("the input's byte order mark is no longer the output's first bytes")
        failures += check_output_text(directives, output)
        if options.nvcc and not failures:
            failures += compile_with_nvcc(options.nvcc, options.runtime_include, input_path, output_path, work)
    return failures


def check(options, input_path, work):
    directives = read_directives(input_path)
    usage_error = check_directives(directives)
    if usage_error:
        sys.stderr.write("check_input.py: %s: %s\n" % (input_path, usage_error))
        return None
    output_dir = os.path.join(work, "out")
    os.mkdir(output_dir)
    output_path = os.path.join(output_dir, "lowered.cu")
    result, seconds = run_tool(options.tool, input_path, output_path, options.time_limit)
    if result is None:
        return ["cdp-lower ran past the time limit of %g s" % options.time_limit], None
    failures = []
    if result.returncode < 0:
        failures.append("cdp-lower was killed by signal %d" % -result.returncode)
    stderr = result.stderr.decode("utf-8", errors="replace")
    if SANITIZER_REPORT.search(stderr):
        failures.append("a sanitizer report on stderr")
    if not failures:
        if any(kind == "EXPECT-ERROR" for kind, _ in directives):
            failures += check_refused(directives, result, output_dir)
        else:
            failures += check_accepted(directives, result, input_path, output_path, options, work)
    print("%s: cdp-lower took %.2f s" % (os.path.basename(input_path), seconds))
    return failures, result


def parse_arguments():
    parser = argparse.ArgumentParser(usage=__doc__.split("\n\n")[1])
    parser.add_argument("--nvcc")
    parser.add_argument("--runtime-include")
    parser.add_argument("--time-limit", type=float, default=120.0)
    parser.add_argument("--generated", choices=sorted(generate_input.KINDS))
    parser.add_argument("tool")
    parser.add_argument("input", nargs="?")
    options = parser.parse_args()
    if (options.input is None) == (options.generated is None):
        parser.error("give either INPUT.cu or --generated KIND")
    if (options.nvcc is None) != (options.runtime_include is None):
        parser.error("--nvcc and --runtime-include go together")
    return options


def main():
    options = parse_arguments()
    with tempfile.TemporaryDirectory() as work:
        input_path = options.input
        if options.generated:
            input_path = os.path.join(work, options.generated + ".cu")
            generate_input.generate(options.generated, input_path)
        checked = check(options, input_path, work)
        if checked is None:
            return 2
        failures, result = checked
        if not failures:
            return 0
        print("FAILED: %s" % (options.input or options.generated))
        for failure in failures:
            print("  " + failure)
        if result is not None:
            print("--- stderr ---")
            sys.stdout.write(result.stderr.decode("utf-8", errors="replace")[-20000:])
        return 1


if __name__ == "__main__":
    sys.exit(main())
