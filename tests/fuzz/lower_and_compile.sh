#!/bin/sh
# usage: lower_and_compile.sh CDP_LOWER NVCC RT_INCLUDE RT_LIBRARY PYTHON ARCH SEED...
# Generated programs lower without error, both files of a bundle (the second
# holds the kernels the first launches across files); the lowered files
# compile with nvcc without -rdc and link with the runtime; the native files
# build with -rdc, and no native kernel needs more than 64 registers a
# thread (the programs launch some with 1024 threads a block, which a GPU
# refuses to a kernel that needs more). Programs with a pending-launch limit
# get a file of their own per limit, as the driver does.
lower=$1 nvcc=$2 rt_include=$3 rt_library=$4 python=$5 arch=$6
shift 6
fuzz=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
"$python" "$fuzz/generate.py" --describe "$@" >"$work/limits" || exit 1
status=0
for limit in $(cut -d' ' -f2 "$work/limits" | sort -u); do
    seeds=$(awk -v l="$limit" '$2 == l { print $1 }' "$work/limits")
    name=limit_$limit
    "$python" "$fuzz/generate.py" --bundle "$work/$name.cu" $seeds || exit 1
    if ! "$lower" "$work/$name.cu" -o "$work/$name.lowered.cu" ||
        ! "$lower" "$work/${name}_other.cu" -o "$work/${name}_other.lowered.cu"; then
        echo "FAIL: cdp-lower refused seeds $(echo $seeds)"
        status=1
        continue
    fi
    if ! "$nvcc" -arch="$arch" -I"$rt_include" "$work/$name.lowered.cu" "$work/${name}_other.lowered.cu" \
        -o "$work/$name.lowered" "$rt_library" -lpthread; then
        echo "FAIL: the lowered files of seeds $(echo $seeds) do not build without -rdc"
        status=1
        continue
    fi
    if ! "$nvcc" -rdc=true -arch="$arch" "$work/$name.cu" "$work/${name}_other.cu" -o "$work/$name.native" \
        -lcudadevrt -Xptxas -v >"$work/$name.native.log" 2>&1; then
        cat "$work/$name.native.log"
        echo "FAIL: the native files of seeds $(echo $seeds) do not build with -rdc"
        status=1
        continue
    fi
    most=$(sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' "$work/$name.native.log" | sort -n | tail -1)
    if [ -z "$most" ] || [ "$most" -gt 64 ]; then
        echo "FAIL: a native kernel of seeds $(echo $seeds) needs ${most:-an unknown number of} registers a thread"
        status=1
        continue
    fi
    echo "seeds $(echo $seeds): lowered, built without -rdc and natively (at most $most registers a thread)"
done
[ $status -eq 0 ] && echo PASS
exit $status
