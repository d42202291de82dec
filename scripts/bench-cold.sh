#!/usr/bin/env bash
# `skills lint --format json` on a generated tree of N skills with the page cache emptied first,
# as a run meets a tree nothing has read lately: each round drops the kernel's caches
# (`/proc/sys/vm/drop_caches`, so it must run as root), then times one run in each of two
# states, and prints the medians and the reads the disk completed in each (/proc/diskstats):
#
#   files-cold  the folders listed again first (`find`), so that only the files' bytes come
#               from the disk
#   all-cold    nothing read again: folders, inodes and files all come from the disk
#
#   scripts/bench-cold.sh [RUNS] [N] [OTHER_BINARY]   (defaults: 5, 10000, none)
#
# With OTHER_BINARY (another build of `skills`), each round runs it right after the release
# build, in the same state, for a side-by-side comparison. The tree is kept in SKILLS_BENCH_DIR
# (default: $TMPDIR/skills-bench) and reused, as bench-agnix.sh keeps it.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-5}"
n="${2:-10000}"
other="${3:-}"
if [ ! -w /proc/sys/vm/drop_caches ]; then
  echo "bench-cold.sh: dropping the page cache needs root (/proc/sys/vm/drop_caches)" >&2
  exit 2
fi
bench="${SKILLS_BENCH_DIR:-${TMPDIR:-/tmp}/skills-bench}"
cargo build --release --locked --quiet --manifest-path "$repo/Cargo.toml" --bin skills
ours="${CARGO_TARGET_DIR:-$repo/target}/release/skills"
tree="$bench/skills-$n"
mkdir -p "$bench"
if [ ! -f "$tree.done" ]; then
  rm -rf "$tree"
  "$repo/scripts/gen-skills.py" "$n" "$tree"
  touch "$tree.done"
fi
binaries=("$ours")
[ -z "$other" ] || binaries+=("$other")
device="$(df --output=source "$tree" | tail -n 1)"
device="${device##*/}"

# Reads completed by the tree's device so far (0 when it is not listed, as for tmpfs).
reads() { awk -v d="$device" '$3 == d { print $4; found = 1 } END { if (!found) print 0 }' /proc/diskstats; }

results="$(mktemp)"
trap 'rm -f "$results"' EXIT
for round in $(seq "$runs"); do
  for state in files-cold all-cold; do
    for i in "${!binaries[@]}"; do
      sync
      echo 3 > /proc/sys/vm/drop_caches
      "${binaries[$i]}" --version >/dev/null
      [ "$state" = all-cold ] || find "$tree" >/dev/null
      before="$(reads)"
      start="$(date +%s%N)"
      "${binaries[$i]}" lint "$tree" --format json >/dev/null || true
      end="$(date +%s%N)"
      echo "$state $i $(( (end - start) / 1000 )) $(( $(reads) - before ))" >>"$results"
    done
  done
  echo "round $round of $runs done" >&2
done
# The median of the numbers on standard input, one a line.
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "| state | binary | median | min | max | disk reads (median) |"
echo "|---|---|---|---|---|---|"
for state in files-cold all-cold; do
  for i in "${!binaries[@]}"; do
    times="$(awk -v s="$state" -v b="$i" '$1 == s && $2 == b { print $3 }' "$results" | sort -n)"
    reads_done="$(awk -v s="$state" -v b="$i" '$1 == s && $2 == b { print $4 }' "$results" | median)"
    printf '| %s | %s | %.1f ms | %.1f ms | %.1f ms | %s |\n' "$state" "${binaries[$i]}" \
      "$(echo "$times" | median | awk '{ print $1 / 1000 }')" \
      "$(echo "$times" | head -n 1 | awk '{ print $1 / 1000 }')" \
      "$(echo "$times" | tail -n 1 | awk '{ print $1 / 1000 }')" "$reads_done"
  done
done
