#!/usr/bin/env bash
# How `skills` scales with the number of skills: lint (`--format json`), list, catalog and
# tokens on generated trees of 1000, 2000, 5000 and 10 000 skills (scripts/gen-skills.py, 13 KB
# per SKILL.md on average, a third with a references/ file), release build. Each tree is read
# once to warm the page cache, then each command runs RUNS times (tokens: TOKENS_RUNS times,
# RUNS unless set; about a second a run on the largest tree); prints the median wall time, the
# time per skill (flat when the work is linear) and the peak RSS (from wait4). A single run can
# land on a slow moment (1.55 s once where the next five took 0.87 to 1.05 s), so keep several.
# The load average before and after is printed: on a busy machine, say so next to the figures.
#
#   scripts/bench-scale.sh [RUNS] [SIZES...]   (defaults: 5, 1000 2000 5000 10000)
#
# The trees are kept in SKILLS_BENCH_DIR (default: $TMPDIR/skills-bench) and reused; delete
# that folder when done.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-5}"
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 2000 5000 10000)
bench="${SKILLS_BENCH_DIR:-${TMPDIR:-/tmp}/skills-bench}"
cargo build --release --locked --quiet --manifest-path "$repo/Cargo.toml" --bin skills
bin="${CARGO_TARGET_DIR:-$repo/target}/release/skills"
mkdir -p "$bench"
for n in "${sizes[@]}"; do
  tree="$bench/skills-$n"
  if [ ! -f "$tree.done" ]; then
    rm -rf "$tree"
    "$repo/scripts/gen-skills.py" "$n" "$tree" >/dev/null
    touch "$tree.done"
  fi
done
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
python3 - "$bin" "$bench" "$runs" "${TOKENS_RUNS:-$runs}" "${sizes[@]}" <<'PY'
import os, statistics, subprocess, sys, time

binary, bench = sys.argv[1], sys.argv[2]
runs, tokens_runs = int(sys.argv[3]), int(sys.argv[4])
sizes = [int(n) for n in sys.argv[5:]]

def once(cmd):
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    return (time.perf_counter() - start) * 1000, usage.ru_maxrss / 1024

commands = {
    "lint --format json": ["lint", "{tree}", "--format", "json", "--isolated"],
    "list": ["list", "{tree}"],
    "catalog": ["catalog", "{tree}"],
    "tokens": ["tokens", "{tree}", "--quiet"],
}
for n in sizes:  # warm the page cache
    subprocess.run([binary, "list", os.path.join(bench, f"skills-{n}")],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print()
print("| command | " + " | ".join(f"{n} skills" for n in sizes) + " |")
print("|---|" + "---|" * len(sizes))
for label, args in commands.items():
    cells = []
    for n in sizes:
        cmd = [binary] + [a.replace("{tree}", os.path.join(bench, f"skills-{n}")) for a in args]
        results = [once(cmd) for _ in range(tokens_runs if label == "tokens" else runs)]
        wall = statistics.median(r[0] for r in results)
        rss = statistics.median(r[1] for r in results)
        cells.append(f"{wall:.0f} ms ({1000 * wall / n:.0f} µs/skill), {rss:.0f} MB")
    print(f"| `skills {label}` | " + " | ".join(cells) + " |")
PY
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
