#!/bin/bash
# Differential fuzzing of cdp-lower against native CDP2, in three steps:
#
#   tests/fuzz/driver.sh prepare CDP_LOWER FIRST COUNT [PER_FILE]
#       here (libclang): generates the programs of seeds FIRST..FIRST+COUNT-1,
#       PER_FILE (default 25) to a .cu (and its _other.cu: kernels the .cu
#       launches across files), lowers every file with CDP_LOWER and
#       packs what the GPU machine needs into .prelowered/fuzz/programs.tar.xz;
#       the specs stay in .prelowered/fuzz-specs/.
#   tests/fuzz/device_run.sh .prelowered/fuzz OUT_DIR
#       on the GPU machine: builds both ways, runs, writes OUT_DIR/traces.tar.gz.
#   tests/fuzz/driver.sh check TRACES_TAR_GZ
#       here: compares native and lowered runs (check.py), prints the summary
#       and saves every mismatching program as tests/fuzz/regressions/seed_N.cu.
#       The programs of files that the device run left out at its deadline
#       are counted apart, neither compared nor saved.
#   tests/fuzz/driver.sh rerun CDP_LOWER [PER_FILE]
#       here, after a check: prepares only the seeds it found mismatching, for
#       device_run.sh and check again (after a fix).
#
# Programs that set a pending-launch limit go to files of their own, one
# limit per file: the limit is a property of the process.
set -u
fuzz=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$fuzz/../.." && pwd)
pack=$root/.prelowered/fuzz
specs=$root/.prelowered/fuzz-specs

usage() {
    sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

prepare() {
    [ $# -ge 3 ] || usage
    prepare_seeds "$1" "${4:-25}" $(seq "$2" $(($2 + $3 - 1)))
}

rerun() {
    [ $# -ge 1 ] || usage
    [ -s "$specs/mismatching_seeds" ] || { echo "no mismatching seeds in $specs: run check first" >&2; return 1; }
    prepare_seeds "$1" "${2:-25}" $(cat "$specs/mismatching_seeds")
}

prepare_seeds() {
    lower=$(realpath "$1") per_file=$2
    shift 2
    count=$#
    rm -rf "$pack" "$specs"
    mkdir -p "$pack" "$specs"
    work=$(mktemp -d)
    trap 'rm -rf "$work"' RETURN
    python3 "$fuzz/generate.py" --describe "$@" >"$specs/limits" || return 1
    : >"$specs/files"
    index=0
    for limit in $(cut -d' ' -f2 "$specs/limits" | sort -un); do
        awk -v l="$limit" '$2 == l { print $1 }' "$specs/limits" | xargs -n "$per_file" echo |
            while read -r seeds; do
                echo "tu$index $seeds" >>"$specs/files"
                index=$((index + 1))
            done
        index=$(wc -l <"$specs/files")
    done
    : >"$specs/lowering_failures"
    while read -r name seeds; do
        bundle "$name" $seeds
    done <"$specs/files"
    tar -cJf "$pack/programs.tar.xz" -C "$work" $(cd "$work" && ls tu*.cu)
    echo "prepared $count programs in $(wc -l <"$specs/files") files:" \
        "$(du -h "$pack/programs.tar.xz" | cut -f1) packed; lowering failures:" \
        "$(wc -l <"$specs/lowering_failures")"
}

# Generates and lowers one file; a seed whose program cdp-lower refuses is
# recorded and left out, so that one refusal does not hide a whole file.
bundle() {
    name=$1
    shift
    python3 "$fuzz/generate.py" --bundle "$work/$name.cu" "$@" || return 1
    mv "$work"/seed_*.json "$specs/"
    if lower_bundle "$name" 2>"$work/$name.err"; then
        return 0
    fi
    kept=()
    for seed in "$@"; do
        python3 "$fuzz/generate.py" "$seed" --out-dir "$work/one" >/dev/null || return 1
        if "$lower" "$work/one/seed_$seed.cu" -o "$work/one/out.cu" 2>"$work/one/err" &&
            { [ ! -f "$work/one/seed_${seed}_other.cu" ] ||
                "$lower" "$work/one/seed_${seed}_other.cu" -o "$work/one/other.cu" 2>"$work/one/err"; }; then
            kept+=("$seed")
        else
            echo "$seed $(head -1 "$work/one/err")" >>"$specs/lowering_failures"
        fi
    done
    rm -rf "$work/one"
    [ ${#kept[@]} -gt 0 ] || { rm -f "$work/$name.cu"; return 0; }
    python3 "$fuzz/generate.py" --bundle "$work/$name.cu" "${kept[@]}" || return 1
    mv "$work"/seed_*.json "$specs/"
    lower_bundle "$name"
}

# Both files of a bundle, each on its own, as a user lowers the files of a
# program.
lower_bundle() {
    "$lower" "$work/$1.cu" -o "$work/$1.lowered.cu" &&
        "$lower" "$work/$1_other.cu" -o "$work/$1_other.lowered.cu"
}

check() {
    [ $# -eq 1 ] || usage
    work=$(mktemp -d)
    trap 'rm -rf "$work"' RETURN
    tar -xzf "$1" -C "$work" || return 1
    cat "$work"/native/*.txt >"$work/native.txt" 2>/dev/null
    cat "$work"/lowered/*.txt >"$work/lowered.txt" 2>/dev/null
    # A file that device_run.sh built (or failed to build) and ran has a line
    # in build_status, natively as tuN, lowered as tuN.lowered; the seeds of
    # a file without both lines were left out at the deadline.
    : >"$work/left_out"
    [ -f "$work/logs/build_status" ] && while read -r name seeds; do
        if ! grep -q "^$name " "$work/logs/build_status" || ! grep -q "^$name.lowered " "$work/logs/build_status"; then
            printf '%s\n' $seeds
        fi
    done <"$specs/files" >"$work/left_out"
    python3 "$fuzz/check.py" "$specs" "$work/native.txt" "$work/lowered.txt" \
        --json "$specs/findings.json" --seeds-out "$specs/mismatching_seeds" --left-out "$work/left_out"
    status=$?
    if [ -s "$specs/lowering_failures" ]; then
        echo "cdp-lower refused or failed on:"
        cat "$specs/lowering_failures"
    fi
    while read -r seed; do
        python3 "$fuzz/generate.py" "$seed" --out-dir "$fuzz/regressions" >/dev/null &&
            echo "saved tests/fuzz/regressions/seed_$seed.cu"
    done <"$specs/mismatching_seeds"
    return $status
}

case ${1:-} in
prepare) shift; prepare "$@" ;;
check) shift; check "$@" ;;
rerun) shift; rerun "$@" ;;
*) usage ;;
esac
