#!/usr/bin/env bash
# Records the reference validator's verdict (skills-ref 0.1.1, `agentskills validate`) on every
# skill of the real-world corpus, for tests/parity.rs. Needs Python 3.11 and PyPI.
#
#   scripts/reference-verdicts.sh [CORPUS]   (default ../shared/corpus)
#
# Writes tests/data/reference-verdicts.tsv: skill directory (relative to the corpus), `valid` or
# `invalid`, and the reference's first message.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$(cd "${1:-$repo/../shared/corpus}" && pwd)"
venv="$repo/target/reference-venv"
if [ ! -x "$venv/bin/agentskills" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet skills-ref==0.1.1
fi
out="$repo/tests/data/reference-verdicts.tsv"
tmp="$(mktemp)"
cd "$corpus"
find . \( -name SKILL.md -o -name skill.md \) -not -path '*/node_modules/*' -not -path '*/.git/*' \
  | sed 's|^\./||; s|/[^/]*$||' | LC_ALL=C sort -u | while read -r dir; do
  if message="$("$venv/bin/agentskills" validate "$dir" 2>&1)"; then
    printf '%s\tvalid\t\n' "$dir"
  else
    first="$(printf '%s\n' "$message" | sed -n 2p | sed 's/^  - //')"
    printf '%s\tinvalid\t%s\n' "$dir" "$first"
  fi
done > "$tmp"
mv "$tmp" "$out"
echo "wrote $(wc -l < "$out") verdicts to tests/data/reference-verdicts.tsv"
