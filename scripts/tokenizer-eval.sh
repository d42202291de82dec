#!/usr/bin/env bash
# Measures the Rust tokenizer crates against `skills::tokens` (docs/bench.md, "Choosing the
# tokenizer"): one small release binary per candidate (scripts/tokenizer-eval/), each loading one
# encoding and counting every .md file of CORPUS; RUNS runs per candidate and encoding, the
# candidates taken in turn, medians. Prints the binary size over the baseline without a
# tokenizer, the load time and resident memory of the encoding (up to its first count), and the
# time to count the corpus. The token totals must agree.
#
#   scripts/tokenizer-eval.sh [RUNS] [CORPUS]   (defaults: 11, ../shared/corpus)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-11}"
corpus="$(cd "${2:-$repo/../shared/corpus}" && pwd)"
export CARGO_TARGET_DIR="$repo/target/tokenizer-eval"
cargo build --release --locked --quiet --manifest-path "$repo/scripts/tokenizer-eval/Cargo.toml"
files="$(mktemp)"
trap 'rm -f "$files"' EXIT
find "$corpus" -name '*.md' -type f | sort > "$files"
python3 - "$CARGO_TARGET_DIR/release" "$runs" "$files" <<'PY'
import os, statistics, subprocess, sys
bin_dir, runs, files = sys.argv[1], int(sys.argv[2]), open(sys.argv[3]).read().split("\n")
files = [f for f in files if f]
names = ["none", "ours", "bpe-openai", "tiktoken-rs", "tiktoken"]
size = {n: os.path.getsize(os.path.join(bin_dir, f"eval-{n}")) for n in names}
results = {}
for encoding in ("o200k_base", "cl100k_base"):
    rows = {n: [] for n in names}
    for _ in range(runs):
        for n in names:
            out = subprocess.run([os.path.join(bin_dir, f"eval-{n}"), encoding, *files],
                                 capture_output=True, text=True, check=True).stdout.split()
            rows[n].append(out)
    for n in names:
        col = list(zip(*rows[n]))
        results[(n, encoding)] = {
            "load_ms": statistics.median(map(float, col[0])),
            "load_mb": statistics.median(map(int, col[1])) / 1024,
            "count_ms": statistics.median(map(float, col[2])),
            "bytes": int(col[3][0]),
            "tokens": set(col[4]),
        }
print(f"{len(files)} files, {results[('none', 'o200k_base')]['bytes'] / 1e6:.1f} MB; median of {runs} runs")
print()
print("| crate | binary growth | load o200k_base | load cl100k_base | count o200k_base | count cl100k_base |")
print("|---|---|---|---|---|---|")
for n in names[1:]:
    cells = [f"{(size[n] - size['none']) / 1e6:.1f} MB"]
    for key in ("load", "count"):
        for encoding in ("o200k_base", "cl100k_base"):
            r = results[(n, encoding)]
            if key == "load":
                cells.append(f"{r['load_ms']:.2f} ms, {r['load_mb']:.1f} MB")
            else:
                cells.append(f"{r['count_ms']:.0f} ms ({r['bytes'] / 1e3 / r['count_ms']:.0f} MB/s)")
    print(f"| {n} | " + " | ".join(cells) + " |")
for encoding in ("o200k_base", "cl100k_base"):
    totals = {n: results[(n, encoding)]["tokens"] for n in names[1:]}
    print(f"\n{encoding} tokens: " + ", ".join(f"{n} {'/'.join(sorted(t))}" for n, t in totals.items()))
PY
