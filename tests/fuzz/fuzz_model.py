"""The random CDP2 program: kernels, the scripts their threads run, and the
expansion of the whole launch tree into grid instances and operations.

A kernel's body is a prologue (thread 0 of each block creates the block's
named streams, block 0 the grid-shared one), one or more phases separated by
__syncthreads(), each holding scripts, and an epilogue (stream destroys).
A script is a list of operations run by a chosen set of threads (one or
several, in one block or in every block). Each thread that runs a script is a
"launcher" with a rank; the ids of the grids it launches, its error-code
slots and its buffers are found from its rank and per-instance bases, so the
generator knows, before anything runs, every grid that can exist, who
launches it, in which stream, with which arguments, and which error code
every call must return.

The expansion (expand()) produces the spec the checker reads: grids (with
their expected digests) and operations (with happens-before keys).
"""
import random
from collections import deque

from fuzz_types import (SCALAR_NAMES, Enum, Pointer, Scalar, Struct, Vector, digest, mix,
                        random_struct, FNV_OFFSET, MASK64)

POOL = "pool"                     # the program's int buffer, in every namespace
INVALID_SMEM = 1 << 20            # refused on every GPU: more than any SM has
MID_SMEM = 64 * 1024              # over the 48 KB a launch gets without an attribute
ERR_INVALID_VALUE = 1
ERR_INVALID_CONFIGURATION = 9
WRITER_STEP = 3                   # a writing data grid stores v + 3 * q at index q


class Config:
    def __init__(self, grid, block, smem):
        self.grid, self.block, self.smem = grid, block, smem

    def blocks(self):
        return self.grid[0] * self.grid[1] * self.grid[2]

    def threads(self):
        return self.block[0] * self.block[1] * self.block[2]

    def block_indices(self):
        gx, gy, gz = self.grid
        return [(x, y, z) for z in range(gz) for y in range(gy) for x in range(gx)]


class Param:
    """role: id, ns, depth, buf, n, v (fixed meaning) or arg (random type)."""

    def __init__(self, role, name, type_):
        self.role, self.name, self.type = role, name, type_


class Kernel:
    def __init__(self, name, role, params):
        self.name, self.role, self.params = name, role, params
        self.config = None            # fixed for kernels with scripts
        self.scripts = []             # Script, in code order (prologue first, epilogue last)
        self.block_streams = 0
        self.grid_stream = False
        self.phases = 1
        self.spin = 0
        self.done = False             # finished kernels with launches may be launched again elsewhere
        # Register-heavy arithmetic in its body: natively it still fits 1024
        # threads a block, and so must every lowered form of it.
        self.heavy = False
        # Its own __launch_bounds__(1024) where it is launched with 1024
        # threads; without, the lowering must find room itself.
        self.user_bounds = False
        # Defined in the bundle's second file and only declared in the first
        # (leaves of programs with leaves_elsewhere): launched across files.
        self.elsewhere = False

    def random_params(self):
        return [p for p in self.params if p.role == "arg"]

    def sections(self):
        return self.scripts


class Script:
    """blocks: 'all' or a linear block index; threads t0 .. t0 + nt - 1."""

    def __init__(self, phase, blocks, t0, nt, guard=None, kind="script"):
        self.phase, self.blocks, self.t0, self.nt, self.guard, self.kind = phase, blocks, t0, nt, guard, kind
        self.ops = []
        self.code_off = self.kid_off = self.mem_off = 0

    def ranks(self, config):
        return (config.blocks() if self.blocks == "all" else 1) * self.nt

    def launchers(self, config):
        """(rank, linear block, thread rank) of every thread that runs it."""
        blocks = range(config.blocks()) if self.blocks == "all" else [self.blocks]
        out = []
        for i, b in enumerate(blocks):
            for t in range(self.t0, self.t0 + self.nt):
                out.append((i * self.nt + (t - self.t0), b, t))
        return out

    def codes_per_rank(self):
        return sum(op.codes() for op in self.ops)

    def kids_per_rank(self):
        return sum(op.count for op in self.ops if op.kind == "launch")

    def mem_per_rank(self):
        return sum(op.mem for op in self.ops)


class Op:
    """kind: launch, ps_create, ps_destroy, ev_create, ev_record, ev_wait,
    ev_destroy, lasterr, peek, write, memcpy, memset, bs_create, bs_destroy,
    gs_create, gs_destroy."""

    def __init__(self, kind, **fields):
        self.kind = kind
        self.count = 1
        self.mem = 0
        self.stream = None
        self.__dict__.update(fields)

    def codes(self):
        if self.kind == "write":
            return 0
        return self.count


# ---------------------------------------------------------------- generation

STREAM_WEIGHTS = [("null", 4), ("pt", 2), ("tail", 3), ("faf", 2), ("bs", 2), ("gs", 1), ("ps", 0)]


class Generator:
    def __init__(self, seed):
        self.seed = seed
        self.rng = random.Random(seed)
        self.kernels = []
        self.structs = []
        self.enums = []
        self.budget = self.rng.randrange(15, 100)
        self.max_level = self.rng.randrange(2, 5)
        self.leaves = []
        self.data = None
        self.invalid = None
        self.has_rec = False
        self.pending_limit = None
        self.leaves_elsewhere = False
        self.queries = []
        self.root_calls = []

    # ---- types and parameters
    def random_type(self):
        rng = self.rng
        r = rng.random()
        if r < 0.12 and self.structs:
            return rng.choice(self.structs)
        if r < 0.18:
            return Vector(*rng.choice([("int2", "int", 2), ("float4", "float", 4), ("double2", "double", 2)]))
        if r < 0.24:
            return Pointer(POOL, rng.random() < 0.5)
        if r < 0.28 and self.enums:
            return rng.choice(self.enums)
        name = rng.choice(SCALAR_NAMES)
        return Scalar(name)

    def new_kernel(self, role, extra=()):
        params = [Param("id", "id", Scalar("int")), Param("ns", "ns", Scalar("unsigned int"))]
        params += list(extra)
        for i in range(self.rng.choice([0, 1, 2, 3, 4, 6])):
            params.append(Param("arg", f"a{i}", self.random_type()))
        k = Kernel(f"k{len(self.kernels)}", role, params)
        k.spin = self.rng.choice([0, 0, 500, 2000, 10000, 30000])
        k.heavy = self.rng.random() < 0.15
        k.user_bounds = self.rng.random() < 0.5
        self.kernels.append(k)
        return k

    # ---- shapes
    def random_dims(self, limit, zmax):
        rng = self.rng
        while True:
            d = [rng.choice([1, 1, 2, 3, 4]) if limit <= 8 else rng.choice([1, 2, 4, 8, 16, 32, 64, 3, 5, 7])
                 for _ in range(3)]
            shape = rng.random()
            if shape < 0.45:
                d[1] = d[2] = 1
            elif shape < 0.7:
                d[2] = 1
            if d[2] <= zmax and d[0] * d[1] * d[2] <= limit:
                return tuple(d)

    def random_config(self, smem_ok=True):
        rng = self.rng
        grid = self.random_dims(rng.choice([1, 2, 4, 6]), 64)
        if rng.random() < 0.06:
            block = rng.choice([(1024, 1, 1), (32, 32, 1), (16, 8, 8)])
        elif rng.random() < 0.5:
            block = (rng.choice([1, 7, 32, 33, 64, 128, 256]), 1, 1)
        else:
            block = self.random_dims(256, 64)
        smem = 0
        if smem_ok and rng.random() < 0.4:
            smem = rng.choice([4, 16, 100, 1000, 4096, 12288, 32768, 40960])
        return Config(grid, block, smem)

    # ---- argument values for a launch
    def args_for(self, kernel):
        return [(p, p.type.random_value(self.rng)) for p in kernel.random_params()]

    # ---- kernels
    def leaf(self):
        if self.leaves:
            return self.rng.choice(self.leaves)
        k = self.new_kernel("leaf")
        k.elsewhere = self.leaves_elsewhere
        self.leaves.append(k)
        return k

    def data_kernel(self):
        """One kernel writes (mode 0: v + 3 * q at index q) or reads (mode 1:
        a digest of what it finds) buffers."""
        if self.data is None:
            self.data = self.new_kernel("data", [Param("buf", "buf", Pointer(POOL, False)),
                                                 Param("n", "n", Scalar("int")),
                                                 Param("v", "v", Scalar("int")),
                                                 Param("mode", "mode", Scalar("int"))])
        return self.data

    def grids_per_launch(self, k, depth=None):
        """How many grids one successful launch of k makes, itself included."""
        depth = getattr(k, "rec_depth", 0) if depth is None else depth
        total = 1
        for s in k.scripts:
            if s.guard == "depth" and depth == 0:
                continue
            for op in s.ops:
                if op.kind == "launch" and op.expect == 0:
                    sub = self.grids_per_launch(op.child, depth - 1 if getattr(op, "recursive", False) else None)
                    total += s.ranks(k.config) * op.count * sub
        return total

    def child(self, mult, level):
        """A kernel to launch `mult` times at nesting `level`, and its config.
        Finished kernels with launches are reused now and then: nvcc's time
        grows with the number of kernels far more than with their uses."""
        rng = self.rng
        done = [k for k in self.kernels if k.done]
        if done and rng.random() < 0.5:
            k = rng.choice(done)
            cost = mult * self.grids_per_launch(k)
            if cost <= self.budget:
                self.budget -= cost
                return k, k.config
        config = self.random_config()
        if (not self.has_rec and level < self.max_level and rng.random() < 0.12
                and self.budget > mult * 4):
            return self.recursive(config, mult, level), config
        if level < self.max_level and self.budget > mult * 2 and rng.random() < 0.5:
            return self.node(config, mult, level), config
        self.budget -= mult
        return self.leaf(), config

    def recursive(self, config, mult, level):
        rng = self.rng
        self.has_rec = True
        k = self.new_kernel("rec", [Param("depth", "depth", Scalar("int"))])
        k.config = config
        k.rec_depth = rng.randrange(1, 6)
        k.phases = 1
        per_level = mult
        self.budget -= mult * (k.rec_depth + 1)
        self.add_prologue(k)
        self_launch = Script(1, 0, 0, 1, guard="depth")
        stream = rng.choice(self.streams_of(k))
        op = self.launch_op(k, stream, k, config)
        op.recursive = True
        self_launch.ops.append(op)
        k.scripts.append(self_launch)
        if rng.random() < 0.5 and self.budget > per_level * (k.rec_depth + 1):
            s = Script(1, "all" if config.blocks() > 1 and rng.random() < 0.3 else 0,
                       0, 1)
            self.fill_script(k, s, per_level * (k.rec_depth + 1) * s.ranks(config), level + 1)
            if s.ops:
                k.scripts.append(s)
        self.add_epilogue(k)
        k.done = True
        return k

    def add_prologue(self, k):
        rng = self.rng
        k.block_streams = rng.choice([0, 0, 1, 2])
        k.grid_stream = rng.random() < 0.15
        pro = Script(0, "all", 0, 1, kind="prologue")
        for i in range(k.block_streams):
            pro.ops.append(Op("bs_create", index=i))
        if k.grid_stream:
            pro.ops.append(Op("gs_create"))
        k.scripts.append(pro)

    def add_epilogue(self, k):
        epi = Script(k.phases + 1, "all", 0, 1, kind="epilogue")
        if k.grid_stream:
            epi.ops.append(Op("gs_destroy"))
        for i in range(k.block_streams):
            epi.ops.append(Op("bs_destroy", index=i))
        k.scripts.append(epi)

    def node(self, config, mult, level):
        rng = self.rng
        k = self.new_kernel("node")
        k.config = config
        k.phases = rng.choice([1, 1, 2, 3])
        self.budget -= mult
        self.add_prologue(k)
        for _ in range(rng.randrange(1, 3)):
            if self.budget <= mult:
                break
            s = self.random_selection(k, mult)
            self.fill_script(k, s, mult * s.ranks(config), level + 1)
            if s.ops:
                k.scripts.append(s)
        self.add_epilogue(k)
        k.done = True
        return k

    def random_selection(self, k, mult):
        rng = self.rng
        config = k.config
        nthreads = config.threads()
        blocks = "all" if config.blocks() > 1 and rng.random() < 0.35 else rng.randrange(config.blocks())
        t0 = rng.choice([0, 0, rng.randrange(nthreads)])
        nt = min(rng.choice([1, 1, 1, 2, 3]), nthreads - t0)
        s = Script(rng.randrange(1, k.phases + 1), blocks, t0, nt)
        if s.ranks(config) * mult * 2 > self.budget:
            s.blocks, s.nt = rng.randrange(config.blocks()), 1
        return s

    def streams_of(self, k):
        out = ["null", "pt", "tail", "faf"]
        out += [f"bs{i}" for i in range(k.block_streams)]
        if k.grid_stream:
            out.append("gs")
        return out

    def ordered_streams_of(self, k, private):
        """Streams that keep an order (for events and copies)."""
        return [s for s in self.streams_of(k) if s not in ("tail", "faf")] + private

    def config_form(self, config, stream):
        """How the <<<...>>> is spelled: short forms where the defaults allow."""
        rng = self.rng
        form = {"grid": rng.choice(["dim3", "int", "var"]) if config.grid[1:] == (1, 1) else
                rng.choice(["dim3", "var"]),
                "block": rng.choice(["dim3", "int", "var"]) if config.block[1:] == (1, 1) else
                rng.choice(["dim3", "var"])}
        if stream == "null" and rng.random() < 0.5:
            form["stream"] = "omit" if config.smem == 0 and rng.random() < 0.5 else "omit_stream"
        else:
            form["stream"] = "explicit"
        return form

    def launch_op(self, k, stream, child, config, count=1, expect=0, **extra):
        rng = self.rng
        return Op("launch", child=child, config=config, stream=stream, count=count,
                  args=self.args_for(child), expect=expect, form=self.config_form(config, stream), **extra)

    def fill_script(self, k, s, mult, level):
        """Adds 1-3 groups of operations to script s of kernel k; each launch
        it makes runs `mult` times over the whole tree."""
        rng = self.rng
        private = []
        for _ in range(rng.randrange(1, 4)):
            if self.budget < mult:
                break
            r = rng.random()
            if r < 0.38:
                stream = rng.choice(self.streams_of(k) + private)
                count = rng.choice([1, 1, 1, 1, 2, 3])
                child, config = self.child(mult * count, level)
                s.ops.append(self.launch_op(k, stream, child, config, count))
            elif r < 0.48:
                self.invalid_launch(k, s, mult, private)
            elif r < 0.58:
                name = f"ps{sum(1 for op in s.ops if op.kind == 'ps_create')}"
                s.ops.append(Op("ps_create", name=name))
                private.append(name)
                for _ in range(rng.randrange(1, 3)):
                    child, config = self.child(mult, level)
                    s.ops.append(self.launch_op(k, name, child, config))
                if rng.random() < 0.7:
                    s.ops.append(Op("ps_destroy", name=name))
                    private.remove(name)
            elif r < 0.72:
                self.event_group(k, s, mult, level, private)
            elif r < 0.9:
                self.dataflow(k, s, mult, private)
            else:
                s.ops.append(Op(rng.choice(["lasterr", "peek"])))
        for name in private:
            s.ops.append(Op("ps_destroy", name=name))

    def invalid_kernel(self):
        """The kernel of launches that must fail. It has no parameters:
        native CDP2 (CUDA 13.0, H100) writes the arguments of a device-side
        launch with an invalid configuration out of bounds, which faults
        (716) or corrupts memory. Its blocks count themselves, so a launch
        that runs though it failed still shows."""
        if self.invalid is None:
            self.invalid = Kernel(f"k{len(self.kernels)}", "invalid", [])
            self.kernels.append(self.invalid)
        return self.invalid

    def invalid_launch(self, k, s, mult, private):
        rng = self.rng
        child = self.invalid_kernel()
        config = self.random_config(smem_ok=False)
        what = rng.choice(["block0", "block_big", "block_z", "grid0", "smem", "smem_mid", "smem_48k"])
        expect = ERR_INVALID_CONFIGURATION
        if what == "block0":
            config.block = rng.choice([(0, 1, 1), (32, 0, 1), (4, 4, 0)])
        elif what == "block_big":
            config.block = rng.choice([(2048, 1, 1), (32, 33, 1), (1025, 1, 1), (16, 16, 5)])
        elif what == "block_z":
            config.block = (1, 1, 65)
        elif what == "grid0":
            config.grid = rng.choice([(0, 1, 1), (2, 0, 1), (1, 1, 0)])
        elif what == "smem":
            config.smem = INVALID_SMEM
        else:
            # At and over the 48 KB a launch gets without an attribute, the
            # kernel's own static shared memory decides natively: compared,
            # not predicted.
            config.smem = MID_SMEM if what == "smem_mid" else 48 * 1024
            expect = None
        stream = rng.choice(self.streams_of(k) + private)
        op = self.launch_op(k, stream, child, config, expect=expect, what=what)
        op.form["stream"] = "explicit"
        s.ops.append(op)
        if rng.random() < 0.3:
            op.read = "peek"
            s.ops.append(Op("lasterr"))

    def event_group(self, k, s, mult, level, private):
        rng = self.rng
        name = f"ev{sum(1 for op in s.ops if op.kind == 'ev_create')}"
        s.ops.append(Op("ev_create", name=name))
        if rng.random() < 0.15:
            bad = rng.choice(["tail", "faf"])
            which = rng.choice(["ev_record", "ev_wait"])
            s.ops.append(Op(which, name=name, stream=bad))
            s.ops.append(Op("lasterr"))
        else:
            ordered = self.ordered_streams_of(k, private)
            first, second = rng.sample(ordered, 2)
            for _ in range(rng.randrange(0, 3)):
                child, config = self.child(mult, level)
                s.ops.append(self.launch_op(k, first, child, config))
            s.ops.append(Op("ev_record", name=name, stream=first))
            if rng.random() < 0.3:
                child, config = self.child(mult, level)
                s.ops.append(self.launch_op(k, second, child, config))
            s.ops.append(Op("ev_wait", name=name, stream=second))
            for _ in range(rng.randrange(1, 3)):
                child, config = self.child(mult, level)
                s.ops.append(self.launch_op(k, second, child, config))
        s.ops.append(Op("ev_destroy", name=name))

    def dataflow(self, k, s, mult, private):
        """A writer, copy or memset and a reader, all in one ordered stream;
        or the launching thread's own writes and a reader in any stream."""
        rng = self.rng
        n = rng.randrange(1, 48)
        v = rng.randrange(-1000, 1000)
        base = s.mem_per_rank()
        kind = rng.choice(["parent_write", "memcpy", "memset"])
        self.budget -= 2 * mult
        data = self.data_kernel()
        if kind == "parent_write":
            stream = rng.choice(self.streams_of(k) + private)
            s.ops.append(Op("write", off=base, n=n, v=v, mem=n))
            s.ops.append(self.launch_op(k, stream, data, self.small_config(), buf=base, n=n, v=0, mode=1))
            return
        stream = rng.choice(self.ordered_streams_of(k, private))
        s.ops.append(self.launch_op(k, stream, data, self.small_config(), buf=base, n=n, v=v, mode=0))
        if kind == "memcpy":
            s.ops.append(Op("memcpy", dst=base + n, src=base, n=n, stream=stream, mem=2 * n))
            s.ops.append(self.launch_op(k, stream, data, self.small_config(), buf=base + n, n=n, v=0, mode=1))
        else:
            s.ops.append(Op("memset", off=base, n=n, stream=stream, mem=n))
            s.ops.append(self.launch_op(k, stream, data, self.small_config(), buf=base, n=n, v=0, mode=1))

    def small_config(self):
        rng = self.rng
        return Config((rng.choice([1, 1, 2]), 1, 1), (rng.choice([32, 64, 96]), 1, 1),
                      rng.choice([0, 0, 64]))

    # ---- programs
    def limit_program(self):
        """One thread launches more grids than the pending-launch limit allows,
        with no other device work pending: launches past the limit fail with
        69 and never run; the others run once each."""
        rng = self.rng
        self.pending_limit = rng.choice([8, 16, 32, 64])
        root = self.new_kernel("node")
        root.config = Config((rng.choice([1, 2]), 1, 1), (32, 1, 1), 0)
        root.phases = 1
        pro = Script(0, "all", 0, 1, kind="prologue")
        root.block_streams = 1 if rng.random() < 0.2 else 0
        for i in range(root.block_streams):
            pro.ops.append(Op("bs_create", index=i))
        root.scripts.append(pro)
        s = Script(1, 0, 0, 1)
        stream = rng.choice(["tail", "tail", "tail", "null", "faf", "pt"] + (["bs0"] if root.block_streams else []))
        count = self.pending_limit + rng.randrange(-4, self.pending_limit + 8)
        child = self.new_kernel("leaf")
        child.spin = rng.choice([0, 20000])
        op = self.launch_op(root, stream, child, Config((1, 1, 1), (rng.choice([32, 1024]), 1, 1), 0),
                            count=count, expect=None, limit=True)
        s.ops.append(op)
        root.scripts.append(s)
        self.add_epilogue(root)
        return [(root, root.config, 0, self.args_for(root))]

    def regular_program(self):
        rng = self.rng
        for i in range(rng.randrange(0, 4)):
            self.structs.append(random_struct(rng, f"S{i}"))
        for i in range(rng.randrange(0, 2)):
            self.enums.append(Enum(f"E{i}", rng.choice(["short", "int", "unsigned char", "long long"])))
        roots = []
        nroots = rng.choice([1, 1, 1, 2, 2, 3])

        for _ in range(nroots):
            done = [k for k in self.kernels if k.done and k.config.smem <= 16384]
            if done and rng.random() < 0.5:
                # The same kernel again, in another host stream or after itself.
                k = rng.choice(done)
                config = k.config
                self.budget -= self.grids_per_launch(k)
            else:
                config = self.random_config()
                config.smem = min(config.smem, 16384)
                k = self.node(config, 1, 1)
            stream = rng.choice([0, 0, 1, 2]) if nroots > 1 else 0
            roots.append((k, config, stream, self.args_for(k)))
        return roots

    def fanout_program(self):
        """BFS's shape: a grid of many blocks in which every thread whose item
        is active launches a grid of several blocks into its block's NULL
        stream (one or two levels, in order), launched again from the host
        iteration after iteration. Successors of such grids once stopped a
        lowered tree before it completed."""
        rng = self.rng
        root = self.new_kernel("node")
        threads = rng.choice([32, 64, 128])
        root.config = Config((rng.choice([8, 12, 16, 24, 32]), 1, 1), (threads, 1, 1), 0)
        root.phases = 1
        self.add_prologue(root)
        active = rng.choice([1, 2, 3, 4, 6])
        s = Script(1, "all", rng.randrange(0, threads - active + 1), active)
        levels = rng.choice([1, 1, 2])
        iterations = rng.choice([2, 3, 4])
        count = 1 if root.config.blocks() * active * levels * iterations > 200 else rng.choice([1, 2])
        for _ in range(levels):
            config = Config((rng.choice([2, 3, 4, 8]), 1, 1), (rng.choice([32, 64, 128, 256]), 1, 1),
                            rng.choice([0, 0, 256]))
            s.ops.append(self.launch_op(root, "null", self.leaf(), config, count))
        root.scripts.append(s)
        self.add_epilogue(root)
        root.done = True
        return [(root, root.config, 0, self.args_for(root)) for _ in range(iterations)]

    def host_queries(self, roots):
        """Kernels whose attributes and occupancy the host asks for before it
        launches, each with the most threads a block any launch of it has:
        now and then a root, now and then a kernel only device code launches."""
        rng = self.rng
        threads = {}
        for k in self.kernels:
            for s in k.scripts:
                for op in s.ops:
                    if op.kind == "launch" and op.expect == 0 and op.child.role != "invalid":
                        threads[op.child.name] = max(threads.get(op.child.name, 0), op.config.threads())
        root_names = set()
        for k, config, _, _ in roots:
            threads[k.name] = max(threads.get(k.name, 0), config.threads())
            root_names.add(k.name)
        named = {k.name: k for k in self.kernels}
        return [(named[name], most) for name, most in sorted(threads.items())
                if rng.random() < (0.5 if name in root_names else 0.25)]

    def program(self):
        rng = self.rng
        if rng.random() < 0.1:
            roots = self.limit_program()
        else:
            self.leaves_elsewhere = rng.random() < 0.25
            roots = self.fanout_program() if rng.random() < 0.1 else self.regular_program()
        self.queries = self.host_queries(roots)
        # Roots launched with cudaLaunchKernel and the kernel's address, not <<<>>>.
        self.root_calls = [rng.random() < 0.25 for _ in roots]
        return Program(self, roots)


class Program:
    def __init__(self, gen, roots):
        self.seed = gen.seed
        self.kernels = gen.kernels
        self.structs = gen.structs
        self.enums = gen.enums
        self.roots = roots                # (kernel, config, host stream, args)
        self.pending_limit = gen.pending_limit
        self.queries = gen.queries              # (kernel, most threads a block)
        self.root_calls = gen.root_calls        # per root: launched by cudaLaunchKernel
        self.rng = random.Random(gen.seed * 7919 + 1)   # spelling choices only
        layout(self)


def layout(program):
    """Offsets of each script's codes, kids and buffers within an instance."""
    for k in program.kernels:
        code = kid = mem = 0
        for s in k.scripts:
            s.code_off, s.kid_off, s.mem_off = code, kid, mem
            ranks = s.ranks(k.config)
            code += ranks * s.codes_per_rank()
            kid += ranks * s.kids_per_rank()
            mem += ranks * s.mem_per_rank()
        k.codes, k.kids, k.mem = code, kid, mem


def generate(seed):
    return Generator(seed).program()


# ---------------------------------------------------------------- expansion

def arg_words(kernel, values, r):
    """The words of the child's digest: its parameters in order."""
    words = []
    for p in kernel.params:
        words += p.type.words(values[p.name], r) if p.role == "arg" else [values[p.name] & MASK64]
    return words


def block_digest(config):
    total = 0
    for (x, y, z) in config.block_indices():
        total += digest([x, y, z, *config.grid, *config.block])
    return total & MASK64


class Instance:
    def __init__(self, gid, kernel, config, values, depth, parent):
        self.id, self.kernel, self.config, self.values = gid, kernel, config, values
        self.depth, self.parent = depth, parent
        self.code_base = self.kid_base = self.mem_base = 0


def expand(program):
    """Every grid that can run and every operation, with what to expect."""
    grids, ops = [], []
    queue = deque()
    next_id = len(program.roots)
    next_code = next_mem = 0
    for i, (k, config, hs, args) in enumerate(program.roots):
        values = {"id": i, "ns": config.smem, "depth": getattr(k, "rec_depth", 0)}
        values.update({p.name: v for p, v in args})
        inst = Instance(i, k, config, values, values["depth"], -1)
        grids.append(grid_entry(inst, -1, arg_words(k, values, 0), None, host_stream=hs, host_order=i))
        queue.append(inst)
    bases = {}
    while queue:
        inst = queue.popleft()
        k = inst.kernel
        inst.code_base, inst.kid_base, inst.mem_base = next_code, next_id, next_mem
        bases[inst.id] = (next_code, next_id, next_mem)
        next_code += k.codes
        next_id += k.kids
        next_mem += k.mem
        for si, s in enumerate(k.scripts):
            if s.guard == "depth" and inst.depth == 0:
                continue
            for rank, block, thread in s.launchers(k.config):
                queue.extend(run_script(program, inst, si, s, rank, block, thread, grids, ops))
    grids.sort(key=lambda g: g["id"])
    table = [bases.get(i, (0, 0, 0)) for i in range(next_id)]
    return {"grids": grids, "ops": ops, "ngrids": next_id, "ncodes": next_code, "npool": next_mem + 64,
            "bases": {"code": [t[0] for t in table], "kid": [t[1] for t in table],
                      "mem": [t[2] for t in table]}}


def grid_entry(inst, op_index, words, observe, host_stream=None, host_order=None):
    entry = {"id": inst.id, "parent": inst.parent, "op": op_index, "kernel": inst.kernel.name,
             "grid": list(inst.config.grid), "block": list(inst.config.block), "smem": inst.config.smem,
             "blocks": inst.config.blocks(), "arg": f"{digest(words):016x}",
             "blk": f"{block_digest(inst.config):016x}",
             "obs": None if observe is None else f"{observe:016x}"}
    if host_stream is not None:
        entry["host_stream"], entry["host_order"] = host_stream, host_order
    return entry


def stream_key(inst, block, thread, name, private_keys):
    if name in ("null",):
        return f"null/{inst.id}/{block}"
    if name == "pt":
        return f"pt/{inst.id}/{block}/{thread}"
    if name == "tail":
        return f"tail/{inst.id}"
    if name == "faf":
        return "faf"
    if name.startswith("bs"):
        return f"bs/{inst.id}/{block}/{name[2:]}"
    if name == "gs":
        return f"gs/{inst.id}"
    return private_keys[name]


def run_script(program, inst, si, s, rank, block, thread, grids, ops):
    """Walks one launcher's operations in program order: their codes, the
    grids they launch, the buffers they leave; returns child instances."""
    k = inst.kernel
    code = inst.code_base + s.code_off + rank * s.codes_per_rank()
    kid = inst.kid_base + s.kid_off + rank * s.kids_per_rank()
    mem = inst.mem_base + s.mem_off + rank * s.mem_per_rank()
    last = 0               # the thread's last error as cudaGetLastError would return it; None: unknown
    memory = {}            # pool index -> value, for this launcher's buffers
    private_keys = {}
    events = {}
    children = []
    # Scripts of one phase run in the kernel's order: a thread's position
    # counts across them.
    seq = si * 1000

    def add(kind, **fields):
        nonlocal seq
        entry = {"kind": kind, "inst": inst.id, "block": block, "phase": s.phase, "thread": thread, "seq": seq}
        entry.update(fields)
        seq += 1
        ops.append(entry)
        return len(ops) - 1

    for op in s.ops:
        if op.kind in ("bs_create", "bs_destroy", "gs_create", "gs_destroy"):
            if op.kind.startswith("gs") and block != 0:
                code += 1
                continue
            key = f"bs/{inst.id}/{block}/{op.index}" if op.kind.startswith("bs") else f"gs/{inst.id}"
            add(op.kind, stream=key, code=code, expect=0)
            code += 1
        elif op.kind == "ps_create":
            private_keys[op.name] = f"ps/{inst.id}/{block}/{thread}/{si}/{len(ops)}"
            add(op.kind, stream=private_keys[op.name], code=code, expect=0)
            code += 1
        elif op.kind == "ps_destroy":
            add(op.kind, stream=private_keys[op.name], code=code, expect=0)
            code += 1
        elif op.kind == "ev_create":
            events[op.name] = f"ev/{inst.id}/{block}/{thread}/{si}/{len(ops)}"
            add(op.kind, event=events[op.name], code=code, expect=0)
            code += 1
        elif op.kind in ("ev_record", "ev_wait"):
            invalid = op.stream in ("tail", "faf")
            add(op.kind, event=events[op.name], stream=stream_key(inst, block, thread, op.stream, private_keys),
                code=code, expect=ERR_INVALID_VALUE if invalid else 0)
            code += 1
            if invalid:
                last = None    # whether an API error also sets the last error is compared, not predicted
        elif op.kind == "ev_destroy":
            add(op.kind, event=events[op.name], code=code, expect=0)
            code += 1
        elif op.kind in ("lasterr", "peek"):
            add(op.kind, code=code, expect=last)
            code += 1
            if op.kind == "lasterr":
                last = 0
        elif op.kind == "write":
            for q in range(op.n):
                memory[mem + op.off + q] = op.v + q
            add("write")
        elif op.kind == "memcpy":
            for q in range(op.n):
                memory[mem + op.dst + q] = memory.get(mem + op.src + q, 0)
            add(op.kind, stream=stream_key(inst, block, thread, op.stream, private_keys), code=code, expect=0)
            code += 1
        elif op.kind == "memset":
            for q in range(op.n):
                memory[mem + op.off + q] = 0
            add(op.kind, stream=stream_key(inst, block, thread, op.stream, private_keys), code=code, expect=0)
            code += 1
        elif op.kind == "launch":
            child = op.child
            key = stream_key(inst, block, thread, op.stream, private_keys)
            for i in range(op.count):
                r = rank * op.count + i if op.count > 1 else rank
                values = {"id": kid, "ns": op.config.smem & 0xFFFFFFFF, "depth": 0}
                if getattr(op, "recursive", False):
                    values["depth"] = inst.depth - 1
                elif child.role == "rec":
                    values["depth"] = child.rec_depth
                values.update({p.name: v for p, v in op.args})
                observe = None
                if child.role == "data":
                    values.update(buf=mem + op.buf, n=op.n, v=op.v, mode=op.mode)
                    if op.mode == 0:
                        for q in range(op.n):
                            memory[mem + op.buf + q] = op.v + WRITER_STEP * q
                    else:
                        observe = digest([memory.get(mem + op.buf + q, 0) & 0xFFFFFFFF for q in range(op.n)])
                if op.expect is None:
                    expect = None
                elif op.expect != 0:
                    expect = op.expect
                else:
                    expect = last
                # cudaPeekAtLastError leaves the error for the next cudaGetLastError.
                last = expect if getattr(op, "read", "get") == "peek" else 0
                index = add("launch", stream=key, grid=kid, code=code, expect=expect,
                            limit=bool(getattr(op, "limit", False)), loop=op.count > 1,
                            invalid=getattr(op, "what", None), blocks=op.config.blocks())
                cinst = Instance(kid, child, op.config, values, values["depth"], inst.id)
                if child.role != "invalid" and op.expect != ERR_INVALID_CONFIGURATION:
                    grids.append(grid_entry(cinst, index, arg_words(child, values, r), observe))
                    if op.expect == 0 and child.scripts:
                        children.append(cinst)
                kid += 1
                code += 1
        else:
            raise ValueError(op.kind)
    return children



def features_of(program, spec):
    """What the program exercises, from what its expansion really runs."""
    features = set()
    if program.pending_limit:
        features.add("pending_limit")
    if program.queries:
        features.add("host_kernel_query")
    if any(program.root_calls):
        features.add("host_cudaLaunchKernel")
    kernels = {k.name: k for k in program.kernels}
    launchers = {}
    stream_users = {}
    null_fanout = {}
    for op in spec["ops"]:
        kind = op["kind"]
        if op["phase"] >= 2 and op["kind"] == "launch":
            features.add("launch_in_later_phase")
        if kind == "launch":
            features.add("launch_" + op["stream"].split("/")[0])
            if op["loop"]:
                features.add("launch_in_loop")
            if op["invalid"]:
                features.add("invalid_" + op["invalid"])
            launchers.setdefault(op["inst"], set()).add((op["block"], op["thread"]))
            if op["stream"].startswith(("bs/", "gs/", "null/")):
                stream_users.setdefault(op["stream"], set()).add((op["block"], op["thread"]))
            if op["stream"].startswith("null/") and op["blocks"] > 1 and op["expect"] == 0:
                null_fanout.setdefault(op["inst"], set()).add(op["block"])
        elif kind in ("ev_record", "ev_wait"):
            features.add("event" if op["expect"] == 0 else "event_on_tail_or_faf")
        elif kind in ("memcpy", "memset"):
            features.add("device_" + kind)
        elif kind == "write":
            features.add("child_sees_parent_write")
        elif kind in ("lasterr", "peek"):
            features.add("last_error_probe")
    for users in launchers.values():
        if len({b for b, _ in users}) > 1:
            features.add("launches_from_several_blocks")
        if len(users) > len({b for b, _ in users}):
            features.add("launches_from_several_threads_of_a_block")
    for key, users in stream_users.items():
        if len(users) > 1:
            features.add("stream_shared_by_threads_" + key.split("/")[0])
    if any(len(blocks) >= 8 for blocks in null_fanout.values()):
        features.add("many_block_parent_null_multi_block_children")
    for g in spec["grids"]:
        k = kernels[g["kernel"]]
        if k.role == "rec":
            features.add("recursion")
        for p in k.random_params():
            features.add("arg_" + type(p.type).__name__.lower())
            if getattr(p.type, "name", "") in ("float", "double"):
                features.add("arg_floating")
        if g["grid"][1] > 1 or g["grid"][2] > 1:
            features.add("grid_2d_3d")
        if g["block"][1] > 1 or g["block"][2] > 1:
            features.add("block_2d_3d")
        if g["smem"]:
            features.add("dynamic_smem")
        if g["smem"] >= 48 * 1024:
            features.add("dynamic_smem_48k")
        if g["block"][0] * g["block"][1] * g["block"][2] == 1024:
            features.add("block_1024_threads")
            if not k.user_bounds:
                features.add("block_1024_threads_without_bounds")
            if k.heavy:
                features.add("register_heavy_1024_threads")
        if k.elsewhere:
            features.add("kernel_of_another_file")
        if g.get("host_stream"):
            features.add("host_streams")
    return sorted(features)
