#!/usr/bin/env bash
# Installs a released `skills` binary for this runner: downloads the archive for its OS and CPU
# from the release, checks it against the release's SHA256SUMS, unpacks it and puts it on PATH.
# Used by the GitHub Action (action.yml); nothing is compiled.
#
# Environment: SKILLS_REPOSITORY (owner/name), SKILLS_VERSION (a release tag such as v0.1.0;
# default SKILLS_REF, the ref the Action was used at, else the last part of GITHUB_ACTION_PATH),
# RUNNER_OS and RUNNER_ARCH as GitHub sets them, SKILLS_INSTALL_DIR (default $RUNNER_TEMP/skills-TAG), SKILLS_DOWNLOAD_BASE (default
# https://github.com/$SKILLS_REPOSITORY/releases/download/TAG).
set -euo pipefail

fail() { echo "skills: $*" >&2; exit 1; }

# Inside a composite action the runner may leave github.action_ref and github.action_repository
# empty (actions/runner#2473); the Action's own folder, .../_actions/OWNER/REPO/REF, says both.
if [ -z "${SKILLS_REF:-}" ] && [ -n "${GITHUB_ACTION_PATH:-}" ]; then
  SKILLS_REF=$(basename "$GITHUB_ACTION_PATH")
  parent=$(dirname "$GITHUB_ACTION_PATH")
  SKILLS_REPOSITORY=${SKILLS_REPOSITORY:-$(basename "$(dirname "$parent")")/$(basename "$parent")}
fi
tag=${SKILLS_VERSION:-${SKILLS_REF:-}}
case "$tag" in
  v[0-9]*) ;;
  *) fail "the Action installs a released binary: use it at a release tag (uses: OWNER/REPO@v0.1.0) or set its \`version\` input to one (got \`${tag}\`)" ;;
esac
base=${SKILLS_DOWNLOAD_BASE:-https://github.com/${SKILLS_REPOSITORY:?SKILLS_REPOSITORY is not set}/releases/download/$tag}

case "${RUNNER_OS:-}/${RUNNER_ARCH:-}" in
  Linux/X64) triple=x86_64-unknown-linux-musl ext=tar.gz ;;
  Linux/ARM64) triple=aarch64-unknown-linux-musl ext=tar.gz ;;
  macOS/X64) triple=x86_64-apple-darwin ext=tar.gz ;;
  macOS/ARM64) triple=aarch64-apple-darwin ext=tar.gz ;;
  Windows/X64) triple=x86_64-pc-windows-msvc ext=zip ;;
  *) fail "no released binary for ${RUNNER_OS:-?}/${RUNNER_ARCH:-?}: install with \`pip install skills-lint\` or \`cargo install --locked skills-lint\`" ;;
esac
asset="skills-$tag-$triple.$ext"
dir=${SKILLS_INSTALL_DIR:-${RUNNER_TEMP:-/tmp}/skills-$tag}
mkdir -p "$dir"
cd "$dir"

curl -fsSL --retry 3 -o "$asset" "$base/$asset" || fail "cannot download $base/$asset"
curl -fsSL --retry 3 -o SHA256SUMS "$base/SHA256SUMS" || fail "cannot download $base/SHA256SUMS"
expected=$(awk -v f="$asset" '$2 == f || $2 == "*" f { print $1 }' SHA256SUMS)
[ -n "$expected" ] || fail "SHA256SUMS has no line for $asset"
if command -v sha256sum >/dev/null 2>&1; then
  actual=$(sha256sum "$asset" | awk '{ print $1 }')
else
  actual=$(shasum -a 256 "$asset" | awk '{ print $1 }')
fi
[ "$actual" = "$expected" ] || fail "$asset: SHA-256 is $actual, the release says $expected"

case "$ext" in
  tar.gz) tar -xzf "$asset" ;;
  zip) unzip -oq "$asset" ;;
esac
rm -f "$asset" SHA256SUMS
exe=skills
[ "$ext" = zip ] && exe=skills.exe
[ -f "$exe" ] || fail "$asset holds no $exe"
if [ -n "${GITHUB_PATH:-}" ]; then
  echo "$dir" >> "$GITHUB_PATH"
fi
"./$exe" --version
