"""Kernel argument types for the fuzzer: how a value is written in CUDA, and
the 64-bit words that a kernel folds into its argument digest.

Every value is an affine function of one integer variable (the launching
thread's rank, or a loop counter), so that the generator can both write the
CUDA expression and compute, exactly, the value the child must receive.
"""
import struct

MASK64 = (1 << 64) - 1
HOST_POOL = "d_pool"
FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3


def mix(h, word):
    """One FNV-1a-like step on 64-bit words; the device code does the same."""
    return ((h ^ (word & MASK64)) * FNV_PRIME) & MASK64


def digest(words):
    h = FNV_OFFSET
    for w in words:
        h = mix(h, w)
    return h


# name -> (bits, signed); bool and the floating types are handled apart.
INTEGERS = {
    "signed char": (8, True),
    "unsigned char": (8, False),
    "short": (16, True),
    "unsigned short": (16, False),
    "int": (32, True),
    "unsigned int": (32, False),
    "long long": (64, True),
    "unsigned long long": (64, False),
}


def wrap(value, bits, signed):
    value &= (1 << bits) - 1
    if signed and value >> (bits - 1):
        value -= 1 << bits
    return value


class Scalar:
    """An integer, bool, float or double parameter."""

    def __init__(self, name):
        self.name = name

    def spelling(self):
        return self.name

    def random_value(self, rng):
        if self.name == "bool":
            return ("bool", rng.randrange(2), rng.randrange(2))
        if self.name in ("float", "double"):
            return ("real", rng.randrange(-40, 40) / 4.0, rng.choice([0.0, 0.25, 0.5, 1.0, -1.5]))
        bits, signed = INTEGERS[self.name]
        low = -(1 << (bits - 1)) if signed else 0
        high = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1
        base = rng.choice([rng.randrange(-100, 100), rng.randrange(max(low, -(1 << 40)), min(high, 1 << 40) + 1)])
        return ("int", base, rng.choice([0, 1, 3, -7, 1000]))

    def expression(self, value, var, rng, braced=False, host=False):
        kind, base, step = value
        if kind == "bool":
            return f"(bool)(({base} + {step} * {var}) & 1)"
        if kind == "real":
            if not braced and rng.random() < 0.3 and self.name == "double" and base == int(base) and step == int(step):
                # An int expression: the launch converts it, as a call would
                # (not inside braces, where int to double is narrowing).
                return f"({int(base)} + {int(step)} * {var})"
            suffix = "f" if self.name == "float" else ""
            return f"({self.name})({base!r}{suffix} + {step!r}{suffix} * {var})"
        bits, signed = INTEGERS[self.name]
        if rng.random() < 0.2 and self.name in ("long long", "int") and abs(base) < 1 << 30:
            return f"({base} + {step} * {var})"
        return f"({self.name})({base}LL + {step}LL * (long long){var})"

    def words(self, value, r):
        kind, base, step = value
        if kind == "bool":
            return [(base + step * r) & 1]
        if kind == "real":
            x = base + step * r
            if self.name == "float":
                return [struct.unpack("<I", struct.pack("<f", x))[0]]
            return [struct.unpack("<Q", struct.pack("<d", x))[0]]
        bits, signed = INTEGERS[self.name]
        return [wrap(base + step * r, bits, signed) & MASK64]

    def digest_code(self, access):
        if self.name == "float":
            return [f"(unsigned long long)__float_as_uint({access})"]
        if self.name == "double":
            return [f"(unsigned long long)__double_as_longlong({access})"]
        if self.name == "bool":
            return [f"(unsigned long long)({access} ? 1 : 0)"]
        if INTEGERS[self.name][1]:
            return [f"(unsigned long long)(long long)({access})"]
        return [f"(unsigned long long)({access})"]


class Vector:
    """int2, float4, double2: built with make_<type>."""

    def __init__(self, name, component, count):
        self.name, self.component, self.count = name, Scalar(component), count

    def spelling(self):
        return self.name

    def random_value(self, rng):
        return [self.component.random_value(rng) for _ in range(self.count)]

    def expression(self, value, var, rng, braced=False, host=False):
        parts = ", ".join(self.component.expression(v, var, rng) for v in value)
        return f"make_{self.name}({parts})"

    def words(self, value, r):
        return [w for v in value for w in self.component.words(v, r)]

    def digest_code(self, access):
        return [c for f in "xyzw"[: self.count] for c in self.component.digest_code(f"{access}.{f}")]


class Pointer:
    """An int * into the program's pool; the child digests its offset. The
    host names the pool by its device address (HOST_POOL), not its symbol."""

    def __init__(self, pool, const):
        self.pool, self.const = pool, const

    def spelling(self):
        return "const int *" if self.const else "int *"

    def random_value(self, rng):
        return (rng.randrange(0, 64), rng.choice([0, 1, 2]))

    def expression(self, value, var, rng, braced=False, host=False):
        return f"({HOST_POOL if host else self.pool} + {value[0]} + {value[1]} * {var})"

    def words(self, value, r):
        return [value[0] + value[1] * r]

    def digest_code(self, access):
        return [f"(unsigned long long)({access} - {self.pool})"]


class Enum:
    """An enum with a fixed underlying type, passed as a cast value."""

    def __init__(self, name, underlying):
        self.name, self.underlying = name, Scalar(underlying)

    def spelling(self):
        return self.name

    def definition(self):
        return f"enum {self.name} : {self.underlying.name} {{ {self.name}_a = 1, {self.name}_b = 7 }};"

    def random_value(self, rng):
        return ("int", rng.randrange(-5, 60), rng.choice([0, 1, 2]))

    def expression(self, value, var, rng, braced=False, host=False):
        return f"({self.name})({self.underlying.expression(value, var, rng)})"

    def words(self, value, r):
        return self.underlying.words(value, r)

    def digest_code(self, access):
        return self.underlying.digest_code(f"({self.underlying.name}){access}")


class Struct:
    """A struct of scalars, arrays of scalars and nested vectors; sometimes
    over-aligned, so that the parameter buffer has holes."""

    def __init__(self, name, fields, align):
        self.name, self.fields, self.align = name, fields, align   # fields: (name, type, count)

    def spelling(self):
        return self.name

    def definition(self):
        head = f"struct __align__({self.align}) {self.name}" if self.align else f"struct {self.name}"
        body = " ".join(f"{t.spelling()} {n}[{c}];" if c > 1 else f"{t.spelling()} {n};"
                        for n, t, c in self.fields)
        return f"{head} {{ {body} }};"

    def random_value(self, rng):
        return [[t.random_value(rng) for _ in range(c)] for _, t, c in self.fields]

    def expression(self, value, var, rng, braced=False, host=False):
        parts = []
        for (_, t, c), vs in zip(self.fields, value):
            items = [t.expression(v, var, rng, braced=True) for v in vs]
            parts.append("{" + ", ".join(items) + "}" if c > 1 else items[0])
        return f"{self.name}{{{', '.join(parts)}}}"

    def words(self, value, r):
        return [w for (_, t, _), vs in zip(self.fields, value) for v in vs for w in t.words(v, r)]

    def digest_code(self, access):
        code = []
        for n, t, c in self.fields:
            for i in range(c):
                code += t.digest_code(f"{access}.{n}[{i}]" if c > 1 else f"{access}.{n}")
        return code


SCALAR_NAMES = list(INTEGERS) + ["bool", "float", "double"]


def random_struct(rng, name):
    fields = []
    for i in range(rng.randrange(1, 5)):
        if rng.random() < 0.15:
            t = Vector(*rng.choice([("int2", "int", 2), ("float4", "float", 4), ("double2", "double", 2)]))
        else:
            t = Scalar(rng.choice(SCALAR_NAMES))
        fields.append((f"f{i}", t, rng.choice([1, 1, 1, 2, 3])))
    return Struct(name, fields, rng.choice([0, 0, 0, 16]))
