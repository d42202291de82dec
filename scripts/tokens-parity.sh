#!/usr/bin/env bash
# Our token counts against OpenAI's Python `tiktoken` (the reference implementation), in both
# encodings: every .md file of the corpus (examples/count_tokens.rs); every bundled file
# `skills tokens` counts, and each target's whole catalog (`skills catalog`), on a release build.
#
#   scripts/tokens-parity.sh [CORPUS]   (default: ../shared/corpus)
#
# Needs a Python with tiktoken (`python3 -m venv /tmp/tk && /tmp/tk/bin/pip install tiktoken`,
# then PYTHON=/tmp/tk/bin/python). tiktoken downloads o200k_base.tiktoken and
# cl100k_base.tiktoken once; without network, put them in TIKTOKEN_CACHE_DIR under the names
# tiktoken gives them (the SHA-1 of their URLs), and tiktoken checks their SHA-256.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
corpus="$(cd "${1:-$repo/../shared/corpus}" && pwd)"
python="${PYTHON:-python3}"
target_dir="${CARGO_TARGET_DIR:-$repo/target}"
cargo build --release --locked --quiet --manifest-path "$repo/Cargo.toml" --bin skills --example count_tokens
bin="$target_dir/release/skills"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

find "$corpus" -name '*.md' -type f -print0 | sort -z \
  | xargs -0 "$target_dir/release/examples/count_tokens" > "$work/md.tsv"
for encoding in o200k_base cl100k_base; do
  (cd "$corpus" && "$bin" tokens . --format json --encoding "$encoding") > "$work/tokens-$encoding.json"
done
targets=$("$bin" targets --format json | "$python" -c 'import json,sys; print(" ".join(t["id"] for t in json.load(sys.stdin)["targets"]))')
for target in $targets; do
  (cd "$corpus" && "$bin" catalog . -t "$target" --context-window 200000) > "$work/catalog-$target.txt" 2>/dev/null
  (cd "$corpus" && "$bin" tokens . -t "$target" --context-window 200000 --format json) > "$work/tokens-$target.json"
done

"$python" - "$corpus" "$work" $targets <<'PY'
import json, os, sys
import tiktoken
corpus, work, targets = sys.argv[1], sys.argv[2], sys.argv[3:]
enc = {name: tiktoken.get_encoding(name) for name in ("o200k_base", "cl100k_base")}
def count(name, text):
    return len(enc[name].encode_ordinary(text))
def read(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", errors="replace")

def report(label, pairs):
    pairs = list(pairs)
    bad = [p for p in pairs if p[1] != p[2]]
    print(f"{label}: {len(pairs) - len(bad)} of {len(pairs)} identical")
    for what, ours, theirs in bad[:20]:
        print(f"  differs: {what}: ours {ours}, tiktoken {theirs}")
    return not bad

ok = True
md = []
for line in open(os.path.join(work, "md.tsv"), encoding="utf-8"):
    o200k, cl100k, path = line.rstrip("\n").split("\t", 2)
    text = read(path)
    md.append((f"o200k_base {os.path.relpath(path, corpus)}", int(o200k), count("o200k_base", text)))
    md.append((f"cl100k_base {os.path.relpath(path, corpus)}", int(cl100k), count("cl100k_base", text)))
ok &= report(f"every .md file ({len(md) // 2} files, both encodings)", md)

files, left_out = [], 0
for name in enc:
    report_json = json.load(open(os.path.join(work, f"tokens-{name}.json"), encoding="utf-8"))
    for skill in report_json["skills"]:
        skill_dir = os.path.dirname(os.path.join(corpus, skill["path"]))
        for f in skill["files"]:
            if f["size"] is None or f["truncated"] is not None:
                left_out += 1
                continue
            text = read(os.path.join(skill_dir, f["path"]))
            files.append((f"{name} {skill['name']}/{f['path']}", f["size"]["tokens"], count(name, text)))
ok &= report(f"every bundled file skills tokens reads in full ({len(files) // 2} files, both "
             f"encodings; {left_out // 2} binary or cut at the read cap left out)", files)

catalogs = []
for target in targets:
    text = read(os.path.join(work, f"catalog-{target}.txt"))
    ours = json.load(open(os.path.join(work, f"tokens-{target}.json"), encoding="utf-8"))
    catalogs.append((f"{target} catalog", ours["catalog"]["size"]["tokens"], count("o200k_base", text)))
ok &= report(f"every target's catalog of the corpus ({len(catalogs)} targets, o200k_base)", catalogs)
sys.exit(0 if ok else 1)
PY
