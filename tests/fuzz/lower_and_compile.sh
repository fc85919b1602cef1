#!/bin/sh
# usage: lower_and_compile.sh CDP_LOWER NVCC RT_INCLUDE PYTHON ARCH SEED...
# Generated programs lower without error and their lowered files compile
# with nvcc without -rdc. Programs with a pending-launch limit get a file of
# their own per limit, as the driver does.
lower=$1 nvcc=$2 rt_include=$3 python=$4 arch=$5
shift 5
fuzz=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
"$python" "$fuzz/generate.py" --describe "$@" >"$work/limits" || exit 1
status=0
for limit in $(cut -d' ' -f2 "$work/limits" | sort -u); do
    seeds=$(awk -v l="$limit" '$2 == l { print $1 }' "$work/limits")
    name=limit_$limit
    "$python" "$fuzz/generate.py" --bundle "$work/$name.cu" $seeds || exit 1
    if ! "$lower" "$work/$name.cu" -o "$work/$name.lowered.cu"; then
        echo "FAIL: cdp-lower refused seeds $(echo $seeds)"
        status=1
        continue
    fi
    if ! "$nvcc" -arch="$arch" -I"$rt_include" -c "$work/$name.lowered.cu" -o "$work/$name.o"; then
        echo "FAIL: the lowered file of seeds $(echo $seeds) does not compile without -rdc"
        status=1
        continue
    fi
    echo "seeds $(echo $seeds): lowered, and compiled without -rdc"
done
[ $status -eq 0 ] && echo PASS
exit $status
