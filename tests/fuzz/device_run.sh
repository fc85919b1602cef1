#!/bin/bash
# The GPU half of the fuzz driver, run from the repository root on a machine
# with nvcc and a GPU (no libclang, no Python packages needed):
#     tests/fuzz/device_run.sh PACK_DIR OUT_DIR [JOBS]
# PACK_DIR/programs.tar.xz holds tuN.cu (native source) and tuN.lowered.cu
# (its cdp-lower output), and beside each its tuN_other.cu (the kernels that
# tuN.cu launches across files), built with it; see driver.sh. Each file is
# built (natively with
# -rdc and cudadevrt; lowered without -rdc, against the runtime built from
# rt/) and its programs run at once, while the other files still build.
# OUT_DIR/traces.tar.gz gets native/tuN.txt, lowered/tuN.txt, the build logs
# and the timings. CDPL_FUZZ_DEADLINE (seconds, default 370) bounds the whole:
# past it, what is not done is left out and what is done is still packed.
set -u
pack=$1 out=$2 jobs=${3:-16}
arch=${CDPL_FUZZ_ARCH:-sm_90}
export run_timeout=${CDPL_FUZZ_RUN_TIMEOUT:-40}
deadline=${CDPL_FUZZ_DEADLINE:-370}
here=$(cd "$(dirname "$0")/../.." && pwd)
export PATH="$PATH:/usr/local/cuda/bin"
work=$(mktemp -d /tmp/cdpl-fuzz.XXXXXX)
mkdir -p "$work/src" "$work/bin" "$work/native" "$work/lowered" "$work/logs" "$out"
: >"$work/logs/build_status"
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

t0=$(now)
tar -xJf "$pack/programs.tar.xz" -C "$work/src" || exit 1
echo "python3: $(command -v python3 || echo missing); $(nvcc --version | tail -1)"

# The host runtime, from the sources rt/CMakeLists.txt lists for cdpl_rt.
for f in $(sed -n 's/^set(cdpl_rt_sources \(.*\))$/\1/p' "$here/rt/CMakeLists.txt"); do
    cc -O2 -std=c17 -I"$here/rt/include" -I/usr/local/cuda/include -c "$here/rt/$f" \
        -o "$work/$(basename "$f" .c).o" || exit 1
done
ar rcs "$work/libcdpl_rt.a" "$work"/*.o

# Runs the programs of one executable from index 0; after a crash or a hang
# goes on after the program that stopped it.
run_one() {
    exe=$1 trace=$2
    first=0
    : >"$trace"
    while :; do
        timeout -k 5 "$run_timeout" "$exe" "$first" >>"$trace" 2>>"$trace.err"
        status=$?
        [ $status -eq 0 ] && break
        last=$(grep '^BEGIN' "$trace" | tail -1 | cut -d' ' -f2)
        if [ -z "$last" ] || [ "$last" -lt "$first" ]; then
            echo "ABORT before program $first: exit $status" >>"$trace"
            break
        fi
        [ $status -ge 124 ] && echo "TIMEOUT program $last: exit $status" >>"$trace"
        echo "ABORT program $last: exit $status" >>"$trace"
        first=$((last + 1))
    done
}

# Builds one file, then runs its programs. Host code is built without
# optimisation: it only launches, and gcc is a fifth of nvcc's time here.
build_and_run() {
    src=$1
    name=$(basename "$src" .cu)
    other=$(dirname "$src")/${name%.lowered}_other${name#"${name%.lowered}"}.cu
    [ -f "$other" ] || other=
    start=$(now)
    case $name in
    *.lowered)
        exe=$work/bin/$name side=lowered
        nvcc -arch="$arch" -O0 -w -I"$here/rt/include" "$src" $other -o "$exe" "$work/libcdpl_rt.a" -lpthread \
            >"$work/logs/$name.log" 2>&1 ;;
    *)
        exe=$work/bin/$name.native side=native
        nvcc -rdc=true -arch="$arch" -O0 -w "$src" $other -o "$exe" -lcudadevrt >"$work/logs/$name.log" 2>&1 ;;
    esac
    status=$?
    built=$(elapsed "$start")
    [ $status -eq 0 ] && run_one "$exe" "$work/$side/${name%.lowered}.txt"
    echo "$name $status $built $(elapsed "$start")" >>"$work/logs/build_status"
}
export -f now elapsed run_one build_and_run
export work arch here

t_jobs=$(now)
left=$(awk -v d="$deadline" -v s="$(elapsed "$t0")" 'BEGIN { printf "%d", d - s }')
ls -S "$work"/src/*.cu | grep -v '_other\(\.lowered\)\?\.cu$' | timeout -k 5 "$left" xargs -P "$jobs" -I{} bash -c 'build_and_run "$1"' _ {}
[ $? -ge 124 ] && echo "DEADLINE: stopped after $deadline s; the rest is left out"
echo "build and run: $(elapsed "$t_jobs") s; $(awk '$2 == 0' "$work/logs/build_status" | wc -l) of" \
    "$(ls "$work"/src/*.cu | grep -vc '_other\(\.lowered\)\?\.cu$') files built; slowest (file status build_s total_s):" \
    "$(sort -k4 -n -r "$work/logs/build_status" | head -3 | tr '\n' ' ')"
awk '$2 != 0 { print $1 }' "$work/logs/build_status" | while read -r name; do
    echo "BUILD FAILED: $name"
    grep -m5 'error' "$work/logs/$name.log"
done
echo "programs run: native $(cat "$work"/native/*.txt 2>/dev/null | grep -c '^END'), lowered" \
    "$(cat "$work"/lowered/*.txt 2>/dev/null | grep -c '^END')"
echo "total: $(elapsed "$t0") s"
tar -czf "$out/traces.tar.gz" -C "$work" native lowered logs
rm -rf "$work"
