#!/usr/bin/env bash
# Builds the `skills-lint` wheel (the `skills` binary as a Python package, maturin with
# `bindings = "bin"`) and tests it as a user would: `pip install dist/*.whl` into a fresh virtual
# environment, `skills --version`, a lint; then the pre-commit hook, installed by pre-commit
# itself against that wheel. maturin and pre-commit come from PyPI into virtual environments
# under target/wheel/; the wheel goes to dist/. Usage: scripts/wheel.sh [--no-pre-commit]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/target/wheel
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)

echo "== maturin (from PyPI, into $work/build)"
python3 -m venv "$work/build"
"$work/build/bin/python" -m pip install -q --upgrade pip
"$work/build/bin/python" -m pip install -q "maturin>=1.7,<2"
"$work/build/bin/maturin" --version

echo "== maturin build --release --locked (python/pyproject.toml)"
rm -rf dist
(cd python && "$work/build/bin/maturin" build --release --locked --out "$root/dist")
ls -l dist

echo "== pip install dist/*.whl (a fresh virtual environment)"
rm -rf "$work/test"
python3 -m venv "$work/test"
started=$(date +%s%N)
"$work/test/bin/python" -m pip install -q dist/*.whl
echo "installed in $(( ($(date +%s%N) - started) / 1000000 )) ms, nothing compiled"
shown=$("$work/test/bin/skills" --version)
echo "skills --version: $shown"
[ "$shown" = "skills $version" ] || { echo "expected: skills $version" >&2; exit 1; }
"$work/test/bin/skills" lint fixtures/skills/pdf-processing

if [ "${1:-}" != "--no-pre-commit" ]; then
  echo "== pre-commit try-repo . skills-lint (the hook, installed against dist/)"
  python3 -m venv "$work/pre-commit"
  "$work/pre-commit/bin/python" -m pip install -q pre-commit
  export PRE_COMMIT_HOME=$work/pre-commit-home PIP_FIND_LINKS=$root/dist
  rm -rf "$PRE_COMMIT_HOME"
  "$work/pre-commit/bin/pre-commit" try-repo . skills-lint --verbose \
    --files fixtures/skills/pdf-processing/SKILL.md
  # The hook fails on a broken skill.
  if "$work/pre-commit/bin/pre-commit" try-repo . skills-lint \
    --files fixtures/skills/no-frontmatter/SKILL.md >"$work/broken.log" 2>&1; then
    cat "$work/broken.log"; echo "the hook passed a broken skill" >&2; exit 1
  fi
  grep -q 'S001 error' "$work/broken.log" || { cat "$work/broken.log"; exit 1; }
  echo "the hook fails on fixtures/skills/no-frontmatter/SKILL.md (S001), as it should"
fi
echo "wheel OK: dist/$(cd dist && ls *.whl)"
