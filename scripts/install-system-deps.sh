#!/usr/bin/env bash
# Installs what the tests and the benchmarks need from Debian when it is missing: Chromium (Playwright
# cannot download its own browser here; Lighthouse uses it too) and PostgreSQL 15 (the throwaway cluster).
# Used by scripts/test.sh and scripts/bench.ts; does nothing when both are present.
set -euo pipefail

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium fonts-noto-core)
# The journeys run in the headless shell (docs/adr/0660-journeys-in-the-headless-shell.md); Lighthouse in Chromium.
[ -x /usr/bin/chromium-headless-shell ] || packages+=(chromium-headless-shell)
[ -x /usr/lib/postgresql/15/bin/initdb ] || packages+=(postgresql-15)
if [ "${#packages[@]}" -gt 0 ]; then
  echo "== installing ${packages[*]}"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${packages[@]}"
fi
