#!/usr/bin/env bash
# Wall time of `skills tokens` on the real-world corpus, release build, median of RUNS runs; the
# time the token tables take to load, measured as `skills tokens` minus `skills catalog` on a
# one-skill folder (the same discovery and rendering; only `tokens` counts, and its few counts
# take microseconds); and `skills tokens -t codex` on a generated tree of 1450 skills (13 KB per
# SKILL.md on average, scripts/gen-skills.py, kept under target/bench/), where every skill's
# catalog entry is a catalog rendered without it under Codex's budget.
#
#   scripts/bench-tokens.sh [CORPUS] [RUNS]   (defaults: ../shared/corpus, 21)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${1:-$repo/../shared/corpus}"
runs="${2:-21}"
cargo build --release --locked --quiet --manifest-path "$repo/Cargo.toml" --bin skills
bin="${CARGO_TARGET_DIR:-$repo/target}/release/skills"
tree="$repo/target/bench/skills-1450"
if [ ! -f "$tree.done" ]; then
  rm -rf "$tree"
  "$repo/scripts/gen-skills.py" 1450 "$tree"
  touch "$tree.done"
fi
one="$(mktemp -d)"
trap 'rm -rf "$one"' EXIT
mkdir -p "$one/tiny"
printf -- '---\nname: tiny\ndescription: Says hello. Use to say hello.\n---\nHello.\n' > "$one/tiny/SKILL.md"
python3 - "$bin" "$corpus" "$runs" "$one" "$tree" <<'PY'
import statistics, subprocess, sys, time
binary, corpus, runs, one, tree = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]

def median_ms(cmd):
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # warm the cache
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times), max(times)

total, low, high = median_ms([binary, "tokens", corpus])
print(f"skills tokens {corpus}: median {total:.1f} ms, min {low:.1f} ms, max {high:.1f} ms "
      f"over {runs} runs")
for encoding in ("o200k_base", "cl100k_base"):
    with_tables, _, _ = median_ms([binary, "tokens", one, "--encoding", encoding])
    without, _, _ = median_ms([binary, "catalog", one])
    init = with_tables - without
    line = f"{encoding} tables: {init:.1f} ms to load"
    if encoding == "o200k_base":
        line += f", {100 * init / total:.0f}% of the corpus run (the default encoding)"
    print(line)
big, low, high = median_ms([binary, "tokens", tree, "-t", "codex"])
print(f"skills tokens {tree} -t codex: median {big:.1f} ms, min {low:.1f} ms, max {high:.1f} ms "
      f"over {runs} runs")
PY
