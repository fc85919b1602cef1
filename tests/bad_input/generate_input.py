#!/usr/bin/env python3
"""Writes the corpus inputs too large to keep in the repository.

usage: generate_input.py KIND OUTPUT.cu

Each generated file carries its own EXPECT- directives, like the committed
inputs, so check_input.py checks both the same way.
"""
import sys

CHILD = "__global__ void child(int *p, int i) { p[i] = i; }\n"


def many_launch_sites(launches, per_kernel=100):
    """`launches` device-side launches, `per_kernel` to a parent kernel."""
    last = launches - 1
    lines = [
        "// EXPECT-LOWERED",
        "// EXPECT-OUTPUT: cdpl_launch_child(cdpl_config(1, 1), p, 0)",
        "// EXPECT-OUTPUT: cdpl_launch_child(cdpl_config(1, 1), p, %d)" % last,
        "// EXPECT-OUTPUT-NOT: <<<",
        CHILD,
    ]
    for first in range(0, launches, per_kernel):
        lines.append("__global__ void parent_%d(int *p)\n{" % first)
        for i in range(first, min(first + per_kernel, launches)):
            lines.append("    child<<<1, 1>>>(p, %d);" % i)
        lines.append("}")
    return "\n".join(lines) + "\n"


def many_runtime_kernels(kernels):
    """`kernels` distinct kernels, each launched from the device once."""
    lines = [
        "// EXPECT-LOWERED",
        "// EXPECT-OUTPUT: cdpl_launch_child_%d(cdpl_config(1, 1), p)" % (kernels - 1),
        "// EXPECT-OUTPUT-NOT: <<<",
    ]
    for k in range(kernels):
        lines.append("__global__ void child_%d(int *p) { p[%d] = blockIdx.x; }" % (k, k))
    lines.append("__global__ void parent(int *p)\n{")
    lines.extend("    child_%d<<<1, 1>>>(p);" % k for k in range(kernels))
    lines.append("}")
    return "\n".join(lines) + "\n"


def huge_line_of_launches(launches):
    """A kernel body of `launches` launches on one line (about 25 bytes each)."""
    body = " ".join("child<<<1, 1>>>(p, %d);" % i for i in range(launches))
    return ("// EXPECT-LOWERED\n"
            "// EXPECT-OUTPUT: cdpl_launch_child(cdpl_config(1, 1), p, %d);\n"
            "// EXPECT-OUTPUT-NOT: <<<\n" % (launches - 1) + CHILD +
            "__global__ void parent(int *p) { " + body + " }\n")


def huge_line_with_an_error_at_its_end(declarations):
    """A line of `declarations` declarations that ends in an undeclared name."""
    prefix = "__device__ int " + ", ".join("v%d" % i for i in range(declarations)) + ", w = "
    column = len(prefix) + 1
    return ("// EXPECT-ERROR: 3:%d: error: use of undeclared identifier 'undeclared_name'\n" % column + CHILD +
            prefix + "undeclared_name;\n"
            "__global__ void parent(int *p) { child<<<1, 1>>>(p, 0); }\n")


def long_kernel_name(length):
    name = "k" * length
    return ("// EXPECT-LOWERED\n"
            "// EXPECT-OUTPUT: cdpl_launch_%s(cdpl_config(1, 1), p)\n" % name +
            "__global__ void %s(int *p) { p[0] = 1; }\n" % name +
            "__global__ void parent(int *p) { %s<<<1, 1>>>(p); }\n" % name)


def deep_if_nesting(depth):
    """Valid code nested `depth` levels deep without a bracket (nvcc takes it)."""
    return ("// EXPECT-LOWERED\n"
            "// EXPECT-OUTPUT: cdpl_launch_child(cdpl_config(1, 1), p, 1)\n" + CHILD +
            "__global__ void parent(int *p)\n{\n    " + "if (p) " * depth + "child<<<1, 1>>>(p, 1);\n}\n")


def deep_unary_nesting(depth):
    return ("// EXPECT-LOWERED\n"
            "// EXPECT-OUTPUT: cdpl_launch_child(cdpl_config(1, 1), p, x)\n" + CHILD +
            "__global__ void parent(int *p)\n{\n    int x = " + "!" * depth + "1;\n"
            "    child<<<1, 1>>>(p, x);\n}\n")


def nesting_beyond_any_stack(depth):
    """Deeper than the parser's stack can hold: refused, not a crash."""
    return ("// EXPECT-ERROR: error: libclang ran out of stack\n" + CHILD +
            "__global__ void parent(int *p)\n{\n    int x = " + "!" * depth + "1;\n"
            "    child<<<1, 1>>>(p, x);\n}\n")


KINDS = {
    "many_launch_sites": lambda: many_launch_sites(20000),
    "many_launch_sites_for_nvcc": lambda: many_launch_sites(1000),
    "many_runtime_kernels": lambda: many_runtime_kernels(2000),
    "huge_line_of_launches": lambda: huge_line_of_launches(20000),
    "huge_line_with_an_error_at_its_end": lambda: huge_line_with_an_error_at_its_end(150000),
    "long_kernel_name": lambda: long_kernel_name(100000),
    "deep_if_nesting": lambda: deep_if_nesting(20000),
    "deep_unary_nesting": lambda: deep_unary_nesting(20000),
    "nesting_beyond_any_stack": lambda: nesting_beyond_any_stack(4000000),
}


def generate(kind, path):
    with open(path, "w", encoding="utf-8") as out:
        out.write(KINDS[kind]())


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in KINDS:
        sys.stderr.write("usage: generate_input.py {%s} OUTPUT.cu\n" % ",".join(sorted(KINDS)))
        return 2
    generate(sys.argv[1], sys.argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main())
