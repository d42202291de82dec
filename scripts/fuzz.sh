#!/usr/bin/env bash
# Fuzzes `skills` with AFL++ through cargo-afl, on stable Rust (cargo-fuzz needs nightly).
#
#   scripts/fuzz.sh setup                 install cargo-afl (it builds AFL++ itself)
#   scripts/fuzz.sh run TARGET [SECONDS]  fuzz one target (default 1800 s), one core
#   scripts/fuzz.sh all [SECONDS]         every target in turn, one at a time
#   scripts/fuzz.sh keep TARGET           copy its crashes and hangs to fuzz/regressions/TARGET/
#
# Targets (fuzz/src/properties.rs says what each checks): frontmatter, fix, targets, unpack.
# Seeds come from the fixtures; findings go to target/fuzz/TARGET/default/{crashes,hangs}. A kept
# finding is replayed by `cargo test --test fuzz_regressions` from then on. At the end of a run
# AFL++ prints its statistics; the run time and exec count are in
# target/fuzz/TARGET/default/fuzzer_stats (run_time, execs_done). FUZZ_NO_BUILD=1 fuzzes the
# binaries already built (to keep editing the code while a campaign runs).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$repo/target/fuzz"
targets=(frontmatter fix targets unpack)

seeds() {
    local target="$1" dir="$work/seeds/$1"
    rm -rf "$dir" && mkdir -p "$dir"
    local i=0
    case "$target" in
        frontmatter | fix)
            while IFS= read -r -d '' file; do
                cp "$file" "$dir/$((i++)).md"
            done < <(find -L "$repo/fixtures/rules" "$repo/fixtures/skills" -name SKILL.md -print0 | sort -z)
            ;;
        targets)
            # A window byte, then a few skills separated by 0x1E.
            mapfile -d '' files < <(find -L "$repo/fixtures/skills" -name SKILL.md -print0 | sort -z)
            for ((n = 0; n + 1 < ${#files[@]}; n += 2)); do
                { printf '\x02'; cat "${files[n]}"; printf '\x1e'; cat "${files[n + 1]}"; } > "$dir/$n.bin"
            done
            ;;
        unpack)
            local bin="$repo/target/release/skills"
            [ -n "${FUZZ_NO_BUILD:-}" ] || cargo build --release --locked --quiet --manifest-path "$repo/Cargo.toml"
            for skill in code-review data-analysis; do
                (cd "$work" && "$bin" package "$repo/fixtures/skills/$skill" --out "$dir" --force >/dev/null)
            done
            ;;
    esac
}

run() {
    local target="$1" seconds="${2:-1800}"
    [ -n "${FUZZ_NO_BUILD:-}" ] || (cd "$repo/fuzz" && cargo afl build --release --locked --quiet)
    seeds "$target"
    mkdir -p "$work/$target"
    # The machine's core dumps go to a pipe, and CPU scaling is not ours to change: say so to
    # AFL++ instead of failing. -V stops after SECONDS.
    AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 \
        cargo afl fuzz -V "$seconds" -i "$work/seeds/$target" -o "$work/$target" \
        "$repo/fuzz/target/release/$target"
    grep -E '^(run_time|execs_done|saved_crashes|saved_hangs) ' "$work/$target/default/fuzzer_stats"
}

keep() {
    local target="$1" out="$repo/fuzz/regressions/$1"
    mkdir -p "$out"
    for kind in crashes hangs; do
        for file in "$work/$target/default/$kind"/id:*; do
            [ -e "$file" ] || continue
            cp "$file" "$out/$kind-$(sha256sum "$file" | cut -c1-16)"
        done
    done
    ls "$out"
}

case "${1:-}" in
    setup) cargo install --locked cargo-afl ;;
    run) run "$2" "${3:-1800}" ;;
    all) for t in "${targets[@]}"; do run "$t" "${2:-1800}"; done ;;
    keep) keep "$2" ;;
    *) sed -n '2,13p' "$0"; exit 2 ;;
esac
