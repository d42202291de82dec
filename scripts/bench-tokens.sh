#!/usr/bin/env bash
# Wall time of `skills tokens` on the real-world corpus, release build, median of RUNS runs; and
# the time the token tables take to load, measured as `skills tokens` minus `skills catalog` on a
# one-skill folder (the same discovery and rendering; only `tokens` loads the tables, and its
# few counts take microseconds).
#
#   scripts/bench-tokens.sh [CORPUS] [RUNS]   (defaults: ../shared/corpus, 21)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${1:-$repo/../shared/corpus}"
runs="${2:-21}"
cargo build --release --locked --quiet --manifest-path "$repo/Cargo.toml" --bin skills
bin="${CARGO_TARGET_DIR:-$repo/target}/release/skills"
one="$(mktemp -d)"
trap 'rm -rf "$one"' EXIT
mkdir -p "$one/tiny"
printf -- '---\nname: tiny\ndescription: Says hello. Use to say hello.\n---\nHello.\n' > "$one/tiny/SKILL.md"
python3 - "$bin" "$corpus" "$runs" "$one" <<'PY'
import statistics, subprocess, sys, time
binary, corpus, runs, one = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]

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
PY
