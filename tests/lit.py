#!/usr/bin/env python3
"""A tiny lit-like checker.

usage: lit.py [--expect-exit N] INPUT -- COMMAND ARGS...

Runs COMMAND (every literal %s in ARGS replaced by INPUT), then checks the
directives written in INPUT's comments:
  // CHECK: text      must appear in stdout, in order, each match on a later
                      line than the previous one
  // CHECK-NOT: text  must appear nowhere in stdout
  // CHECK-ERR: text  must appear in stderr, in order (the next one may follow
                      on the same line)
  // CHECK-ERR-NOT: text  must appear nowhere in stderr
The exit status must be N (default 0). Output lines that are themselves
directives are skipped, so a tool that echoes its input (a rewriter) cannot
satisfy a check with the check's own text.
Exits 0 when every check holds, 1 otherwise, 2 on a usage error.
"""
import re
import subprocess
import sys

DIRECTIVE = re.compile(r"//\s*(CHECK|CHECK-NOT|CHECK-ERR|CHECK-ERR-NOT):(.*)$")


def usage(message):
    sys.stderr.write("lit.py: %s\nusage: lit.py [--expect-exit N] INPUT -- COMMAND ARGS...\n" % message)
    sys.exit(2)


def parse_arguments(argv):
    expected_exit = 0
    if argv[:1] == ["--expect-exit"]:
        if len(argv) < 2 or not re.fullmatch(r"-?\d+", argv[1]):
            usage("--expect-exit needs a number")
        expected_exit = int(argv[1])
        argv = argv[2:]
    if len(argv) < 3 or argv[1] != "--":
        usage("expected INPUT -- COMMAND")
    return expected_exit, argv[0], argv[2:]


def read_directives(path):
    directives = []
    with open(path, encoding="utf-8", errors="replace") as source:
        for number, line in enumerate(source, 1):
            match = DIRECTIVE.search(line)
            if match:
                directives.append((match.group(1), match.group(2).strip(), number))
    return directives


def is_directive(line):
    return DIRECTIVE.search(line) is not None


def check_on_later_lines(lines, patterns):
    """CHECK: each pattern must match a line after the previous match's line."""
    position = 0
    for kind, text, number in patterns:
        while position < len(lines) and text not in lines[position]:
            position += 1
        if position == len(lines):
            return ["line %d: %s: %r not found in stdout after the previous match" % (number, kind, text)]
        position += 1
    return []


def check_in_sequence(text, patterns):
    """CHECK-ERR: each pattern must match after the end of the previous match,
    possibly on the same line (one diagnostic often holds several checks)."""
    position = 0
    for kind, pattern, number in patterns:
        found = text.find(pattern, position)
        if found < 0:
            return ["line %d: %s: %r not found in stderr after the previous match" % (number, kind, pattern)]
        position = found + len(pattern)
    return []


def main():
    expected_exit, input_path, command = parse_arguments(sys.argv[1:])
    command = [argument.replace("%s", input_path) for argument in command]
    try:
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as error:
        print("lit.py: cannot run %s: %s" % (command[0], error))
        return 1
    stdout = result.stdout.decode("utf-8", errors="replace")
    stderr = result.stderr.decode("utf-8", errors="replace")
    out_lines = [line for line in stdout.splitlines() if not is_directive(line)]
    err_lines = [line for line in stderr.splitlines() if not is_directive(line)]

    directives = read_directives(input_path)
    failures = []
    if result.returncode != expected_exit:
        failures.append("exit status %d, expected %d" % (result.returncode, expected_exit))
    failures += check_on_later_lines(out_lines, [d for d in directives if d[0] == "CHECK"])
    failures += check_in_sequence("\n".join(err_lines), [d for d in directives if d[0] == "CHECK-ERR"])
    for kind, text, number in directives:
        if kind not in ("CHECK-NOT", "CHECK-ERR-NOT"):
            continue
        stream, lines = ("stdout", out_lines) if kind == "CHECK-NOT" else ("stderr", err_lines)
        for line in lines:
            if text in line:
                failures.append("line %d: %s: %r found in %s: %s" % (number, kind, text, stream, line))
                break

    if not failures:
        return 0
    print("FAILED: %s" % input_path)
    print("command: %s" % " ".join(command))
    for failure in failures:
        print("  " + failure)
    print("--- stdout ---")
    print(stdout, end="" if stdout.endswith("\n") or not stdout else "\n")
    print("--- stderr ---")
    print(stderr, end="" if stderr.endswith("\n") or not stderr else "\n")
    return 1


if __name__ == "__main__":
    sys.exit(main())
