#!/usr/bin/env bash
# `skills lint` side by side with agnix 0.59.3 (PyPI), the strongest other linter of skills:
# release build of ours, agnix in a scratch venv under target/, the two run alternately (one
# warm-up each, then RUNS rounds, the order swapped every round), medians of wall time and of
# peak RSS (from wait4), and the ratio ours/agnix. Three workloads, all with `--format json`:
#
#   pre-commit   one generated 8 KB SKILL.md, given as a file path, as a pre-commit hook does
#   corpus       CORPUS (default ../shared/corpus)
#   N skills     a generated tree of N skills (default 10000; scripts/gen-skills.py, 13 KB per
#                SKILL.md on average), agnix with --max-files 0 so that it reads them all
#
#   scripts/bench-agnix.sh [RUNS] [N] [CORPUS]   (defaults: 21, 10000, ../shared/corpus)
#
# The generated trees are kept in SKILLS_BENCH_DIR (default: $TMPDIR/skills-bench, outside the
# repository: agnix checks nothing under a folder the repository's .gitignore excludes, such
# as target/) and reused; delete that folder when done. The pre-commit case is also run
# once under `/usr/bin/time -v`, whose elapsed time and maximum resident set size are printed
# as a cross-check. The load average before and after is printed: on a busy machine, say so
# next to the figures.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-21}"
n="${2:-10000}"
corpus="$(cd "${3:-$repo/../shared/corpus}" && pwd)"
target_dir="${CARGO_TARGET_DIR:-$repo/target}"
bench="${SKILLS_BENCH_DIR:-${TMPDIR:-/tmp}/skills-bench}"
venv="$repo/target/agnix-venv"

cargo build --release --locked --quiet --manifest-path "$repo/Cargo.toml" --bin skills
ours="$target_dir/release/skills"
if [ ! -x "$venv/bin/agnix" ] || [ "$("$venv/bin/agnix" --version)" != "agnix 0.59.3" ]; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet agnix==0.59.3
fi
agnix="$venv/bin/agnix"
mkdir -p "$bench"
one="$bench/pre-commit"
if [ ! -f "$one/done" ]; then
  rm -rf "$one"
  "$repo/scripts/gen-skills.py" 1 "$one/skills" --avg-bytes 8000 --spread 0 --seed 8
  touch "$one/done"
fi
tree="$bench/skills-$n"
if [ ! -f "$tree.done" ]; then
  rm -rf "$tree"
  "$repo/scripts/gen-skills.py" "$n" "$tree"
  touch "$tree.done"
fi
skill_md="$(find "$one/skills" -name SKILL.md | head -n 1)"

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
for tool in ours agnix; do
  if [ "$tool" = ours ]; then cmd=("$ours" lint "$skill_md" --format json); else cmd=("$agnix" "$skill_md" --format json); fi
  # Both exit 1 on the findings in this skill.
  { /usr/bin/time -v "${cmd[@]}" 2>&1 >/dev/null || true; } \
    | sed -n -e "s/^\tElapsed (wall clock) time (h:mm:ss or m:ss): /$tool pre-commit, \/usr\/bin\/time -v: elapsed /p" \
             -e "s/^\tMaximum resident set size (kbytes): /$tool pre-commit, \/usr\/bin\/time -v: max RSS KB /p"
done

python3 - "$runs" "$ours" "$agnix" "$skill_md" "$corpus" "$tree" "$n" <<'PY'
import os, statistics, subprocess, sys, time

runs, ours, agnix, skill_md, corpus, tree, n = sys.argv[1:]
runs = int(runs)

def once(cmd, cwd):
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    return (time.perf_counter() - start) * 1000, usage.ru_maxrss / 1024

workloads = [
    ("one 8 KB skill (pre-commit)", os.path.dirname(skill_md),
     [ours, "lint", skill_md, "--format", "json"], [agnix, skill_md, "--format", "json"], runs),
    (f"{os.path.basename(corpus)} ({corpus})", corpus,
     [ours, "lint", corpus, "--format", "json"], [agnix, corpus, "--format", "json"], runs),
    (f"{n} generated skills", tree,
     [ours, "lint", tree, "--format", "json"],
     [agnix, tree, "--format", "json", "--max-files", "0"], max(5, runs // 3)),
]
print()
print("| workload | `skills lint` | agnix 0.59.3 | ratio | `skills` peak RSS | agnix peak RSS |")
print("|---|---|---|---|---|---|")
for label, cwd, mine, theirs, rounds in workloads:
    once(mine, cwd), once(theirs, cwd)  # warm the page cache
    times = {"ours": [], "agnix": []}
    rss = {"ours": [], "agnix": []}
    for i in range(rounds):
        order = [("ours", mine), ("agnix", theirs)]
        if i % 2:
            order.reverse()
        for who, cmd in order:
            wall, peak = once(cmd, cwd)
            times[who].append(wall)
            rss[who].append(peak)
    m = {who: statistics.median(t) for who, t in times.items()}
    r = {who: statistics.median(v) for who, v in rss.items()}
    print(f"| {label}, {rounds} rounds | {m['ours']:.1f} ms | {m['agnix']:.1f} ms | "
          f"{m['ours'] / m['agnix']:.2f}× | {r['ours']:.1f} MB | {r['agnix']:.1f} MB |")
PY
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
