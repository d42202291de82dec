#!/usr/bin/env bash
# Records the reference validator's verdict (skills-ref 0.1.1, `agentskills validate`) on every
# skill of the real-world corpus, for tests/parity.rs. Needs Python 3.11 and PyPI.
#
#   scripts/reference-verdicts.sh [CORPUS]   (default ../shared/corpus)
#
# Writes tests/data/reference-verdicts.tsv: skill directory (relative to the corpus), `valid` or
# `invalid`, and the reference's first message; and tests/data/reference-fixtures.tsv, the same for
# each case of fixtures/reference (the `dot-path` case is validated as `.` from inside it).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$(cd "${1:-$repo/../shared/corpus}" && pwd)"
venv="$repo/target/reference-venv"
if [ ! -x "$venv/bin/agentskills" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet skills-ref==0.1.1
fi
verdict() { # DIR [ARG]: validate ARG (default DIR) from the current directory
  local message
  if message="$("$venv/bin/agentskills" validate "${2:-$1}" 2>&1)"; then
    printf '%s\tvalid\t\n' "$1"
  else
    if [ "${message#Traceback}" != "$message" ]; then # a crash: keep the exception line
      printf '%s\tinvalid\t%s\n' "$1" "$(printf '%s\n' "$message" | tail -n 1)"
    else
      printf '%s\tinvalid\t%s\n' "$1" "$(printf '%s\n' "$message" | sed -n 2p | sed 's/^  - //')"
    fi
  fi
}

fixtures="$repo/tests/data/reference-fixtures.tsv"
for case in "$repo"/fixtures/reference/*/; do
  name="$(basename "$case")"
  if [ "$name" = dot-path ]; then
    (cd "$case" && verdict "$name" .)
  else
    (cd "$repo/fixtures/reference" && verdict "$name")
  fi
done > "$fixtures"
echo "wrote $(wc -l < "$fixtures") verdicts to tests/data/reference-fixtures.tsv"

out="$repo/tests/data/reference-verdicts.tsv"
tmp="$(mktemp)"
cd "$corpus"
find . \( -name SKILL.md -o -name skill.md \) -not -path '*/node_modules/*' -not -path '*/.git/*' \
  | sed 's|^\./||; s|/[^/]*$||' | LC_ALL=C sort -u | while read -r dir; do
  verdict "$dir"
done > "$tmp"
mv "$tmp" "$out"
echo "wrote $(wc -l < "$out") verdicts to tests/data/reference-verdicts.tsv"
