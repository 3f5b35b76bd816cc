#!/usr/bin/env bash
# The one test command (`npm test`, called by .ci/run): lint, types, unit tests, API tests on PGlite
# and on a throwaway PostgreSQL 15, then the browser journeys against the real server in Debian's Chromium.
# Every step runs even when an earlier one failed, so one run shows everything; the exit code is
# non-zero when any step failed. Timings belong in `npm run bench`, never here.
set -euo pipefail
cd "$(dirname "$0")/.."

RESULTS_DIR="$(mktemp -d "${TMPDIR:-/tmp}/sufra-test.XXXXXX")"
trap 'rm -rf "$RESULTS_DIR"' EXIT

# (a) System dependencies: Debian's Chromium (Playwright cannot download its own here) and PostgreSQL 15.
bash scripts/install-system-deps.sh

STEP_NAMES=()
STEP_RESULTS=()
FAILED=0

# step <name> <command…>: runs the command, records ok/FAILED, never stops the script.
step() {
  local name="$1"
  shift
  echo
  echo "== $name"
  local started=$SECONDS rc=0
  "$@" || rc=$?
  local took=$((SECONDS - started))
  STEP_NAMES+=("$name")
  if [ "$rc" -eq 0 ]; then
    STEP_RESULTS+=("ok (${took}s)")
  else
    STEP_RESULTS+=("FAILED, exit $rc (${took}s)")
    FAILED=1
  fi
}

# (b) Static checks.
step "lint" npm run --silent lint
step "typecheck" npm run --silent typecheck

# (c) Unit tests.
step "unit tests" npx vitest run --project unit --passWithNoTests \
  --reporter=default --reporter=json --outputFile.json="$RESULTS_DIR/unit.json"

# (d) API tests on the embedded PGlite (no DATABASE_URL).
step "API tests (PGlite)" env -u DATABASE_URL npx vitest run --project api --passWithNoTests \
  --reporter=default --reporter=json --outputFile.json="$RESULTS_DIR/api-pglite.json"

# (e) The same API tests on a real PostgreSQL 15 (races and pools behave differently there).
step "API tests (PostgreSQL 15)" bash scripts/with-postgres.sh npx vitest run --project api --passWithNoTests \
  --reporter=default --reporter=json --outputFile.json="$RESULTS_DIR/api-postgres.json"

# (f) Browser journeys: build the web app, then Playwright starts the real server (see e2e/playwright.config.ts).
# The build goes to a private folder (not apps/web/dist) so nothing else rebuilding the app can empty it mid-run.
WEB_DIST_DIR="$RESULTS_DIR/web-dist"
step "web build" npm run build -w @sufra/web -- --outDir "$WEB_DIST_DIR" --emptyOutDir
if [[ "${STEP_RESULTS[-1]}" == ok* ]]; then
  step "e2e journeys (Chromium)" env PLAYWRIGHT_JSON_OUTPUT_FILE="$RESULTS_DIR/e2e.json" E2E_WEB_DIST="$WEB_DIST_DIR" \
    npm test -w @sufra/e2e
else
  # Journeys against a stale or missing build would say nothing true about this commit.
  STEP_NAMES+=("e2e journeys (Chromium)")
  STEP_RESULTS+=("skipped: the web build failed")
fi

# (g) Summary.
echo
echo "== summary"
for i in "${!STEP_NAMES[@]}"; do
  printf '  %-28s %s\n' "${STEP_NAMES[$i]}" "${STEP_RESULTS[$i]}"
done
npm exec --silent -- node scripts/test-summary.ts "$RESULTS_DIR" || true

exit "$FAILED"
