#!/usr/bin/env bash
# Records the reference catalog (skills-ref 0.1.1, `agentskills to-prompt DIR`) of every skill of
# the real-world corpus, for tests/parity.rs. Needs Python 3.11 and PyPI.
#
#   scripts/reference-prompts.sh [CORPUS]   (default ../shared/corpus)
#
# Writes tests/data/reference-to-prompt.jsonl: one object per skill directory (relative to the
# corpus) with `ok` and either the exact `stdout` or the reference's `error` line; and
# tests/data/reference-to-prompt-all.txt: one run over every renderable skill at once, in reverse
# path order (the reference keeps argument order). The corpus's absolute path is written as
# `<CORPUS>`.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$(cd "${1:-$repo/../shared/corpus}" && pwd -P)"
venv="$repo/target/reference-venv"
if [ ! -x "$venv/bin/agentskills" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet skills-ref==0.1.1
fi
cd "$corpus"
list="$(mktemp)"
trap 'rm -f "$list"' EXIT
find . \( -name SKILL.md -o -name skill.md \) -not -path '*/node_modules/*' -not -path '*/.git/*' \
  | sed 's|^\./||; s|/[^/]*$||' | LC_ALL=C sort -u > "$list"
"$venv/bin/python" - "$venv/bin/agentskills" "$corpus" "$repo/tests/data" "$list" <<'PY'
import json, subprocess, sys
agentskills, corpus, out, listing = sys.argv[1:5]
def run(dirs):
    p = subprocess.run([agentskills, "to-prompt", *dirs], capture_output=True)
    return p.returncode, p.stdout.decode("utf-8").replace(corpus, "<CORPUS>"), p.stderr.decode("utf-8", "replace")
ok_dirs, rows = [], []
for d in (line.strip() for line in open(listing) if line.strip()):
    code, stdout, stderr = run([d])
    if code == 0:
        ok_dirs.append(d)
        rows.append({"dir": d, "ok": True, "stdout": stdout})
    else:
        lines = [l for l in stderr.splitlines() if l.strip()]
        rows.append({"dir": d, "ok": False, "error": lines[-1] if lines else ""})
with open(f"{out}/reference-to-prompt.jsonl", "w") as f:
    for row in rows:
        f.write(json.dumps(row, ensure_ascii=False) + "\n")
code, stdout, stderr = run(list(reversed(ok_dirs)))
assert code == 0, stderr
with open(f"{out}/reference-to-prompt-all.txt", "w") as f:
    f.write(stdout)
print(f"recorded {len(rows)} skills, {len(ok_dirs)} rendered, into tests/data/reference-to-prompt*")
PY
