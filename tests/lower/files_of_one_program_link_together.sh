#!/bin/sh
# usage: files_of_one_program_link_together.sh CDP_LOWER NVCC RUNTIME_INCLUDE RUNTIME_LIBRARY PROGRAM_DIR
# Lowers each file of the multi-file program in PROGRAM_DIR (tests/gpu/multi_file)
# on its own, as a build does. Its files hold kernels of internal linkage with
# the same names, two of them in files of the same name, and two of them
# instantiate a kernel template of a shared header: every kernel must still
# get its own id (the template one per file), and the lowered files must
# compile with nvcc without -rdc and link together with the runtime.
lower=$1 nvcc=$2 include=$3 runtime=$4 program=$5
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
for file in main left/walk right/walk; do
    object=$(echo "$file" | tr / .)
    "$lower" "$program/$file.cu" -o "$work/$object.lowered.cu" || exit 1
    "$nvcc" -arch=sm_90 -c -I"$include" -I"$(dirname "$program/$file.cu")" \
        "$work/$object.lowered.cu" -o "$work/$object.o" || exit 1
done
grep -ho 'cdpl_register[a-z_]*(0x[0-9a-f]*u, "[^"]*"' "$work"/*.lowered.cu >"$work/registered" || exit 1
registered=$(wc -l <"$work/registered")
ids=$(cut -d'(' -f2 "$work/registered" | cut -d, -f1 | sort -u | wc -l)
if [ "$registered" -ne 11 ] || [ "$ids" -ne 11 ]; then
    echo "FAIL: expected 11 kernels with 11 distinct ids, found $registered kernels with $ids ids:"
    cat "$work/registered"
    exit 1
fi
"$nvcc" -arch=sm_90 "$work"/*.o "$runtime" -lpthread -o "$work/program" || { echo "FAIL: the lowered files do not link"; exit 1; }
