#!/usr/bin/env bash
# Wall time of `skills lint` on the real-world corpus: release build, median of RUNS runs; once
# with every rule, once with S106 (body-too-many-tokens, the only rule that loads the token
# tables) switched off.
#
#   scripts/bench-lint.sh [CORPUS] [RUNS]   (defaults: ../shared/corpus, 21)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${1:-$repo/../shared/corpus}"
runs="${2:-21}"
cargo build --release --locked --quiet --manifest-path "$repo/Cargo.toml"
bin="${CARGO_TARGET_DIR:-$repo/target}/release/skills"
no_tokens="$(mktemp)"
trap 'rm -f "$no_tokens"' EXIT
printf '[rules]\nS106 = "off"\n' > "$no_tokens"
python3 - "$bin" "$corpus" "$runs" "$no_tokens" <<'PY'
import statistics, subprocess, sys, time
binary, corpus, runs, no_tokens = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
for label, extra in (("all rules", ["--isolated"]), ("S106 off", ["--config", no_tokens])):
    cmd = [binary, "lint", corpus, "--format", "json", *extra]
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # warm the cache
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    print(f"skills lint {corpus} ({label}): median {statistics.median(times):.1f} ms, "
          f"min {min(times):.1f} ms, max {max(times):.1f} ms over {runs} runs")
PY
