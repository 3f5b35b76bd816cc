#!/usr/bin/env bash
# The one test command (`npm test`, called by .ci/run): lint, types, unit tests, API tests on PGlite
# and on a throwaway PostgreSQL 15, and beside them the browser journeys against the real server in Debian's Chromium.
# Every step runs even when an earlier one failed, so one run shows everything; the exit code is
# non-zero when any step failed. Timings belong in `npm run bench`, never here.
set -euo pipefail
cd "$(dirname "$0")/.."

# (a) System dependencies: Debian's Chromium (Playwright cannot download its own here) and PostgreSQL 15.
# (a2) Then one throwaway PostgreSQL 15 cluster for the whole run (scripts/with-postgres.sh, which stops and deletes it
# when the run ends): the API suite's PostgreSQL run and, from the start, the journeys' servers use it
# (docs/adr/0806-journeys-on-postgresql.md). The script runs again inside it, with its admin URL.
if [ -z "${SUFRA_TEST_PG_URL:-}" ]; then
  bash scripts/install-system-deps.sh
  exec bash scripts/with-postgres.sh bash -c 'SUFRA_TEST_PG_URL="$DATABASE_URL" exec bash scripts/test.sh "$@"' _ "$@"
fi
# Nothing else reads the cluster by default: the PGlite steps run without DATABASE_URL, the others name it.
unset DATABASE_URL PGHOST PGPORT PGUSER PGDATABASE

RESULTS_DIR="$(mktemp -d "${TMPDIR:-/tmp}/sufra-test.XXXXXX")"
# Interrupted: the journeys running in the background stop too (their servers with them).
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$RESULTS_DIR"' EXIT

STEP_NAMES=()
STEP_RESULTS=()
FAILED=0

# record <name> <exit code> <seconds>: keeps a step's outcome for the summary.
record() {
  STEP_NAMES+=("$1")
  if [ "$2" -eq 0 ]; then
    STEP_RESULTS+=("ok (${3}s)")
  else
    STEP_RESULTS+=("FAILED, exit $2 (${3}s)")
    FAILED=1
  fi
}

# step <name> <command…>: runs the command, records ok/FAILED, never stops the script.
step() {
  local name="$1"
  shift
  echo
  echo "== $name"
  local started=$SECONDS rc=0
  "$@" || rc=$?
  record "$name" "$rc" $((SECONDS - started))
}

# start_step <name> <command…>: starts the command in the background, its output kept in a log;
# finish_steps waits for the steps started since the last finish_steps (not for the journeys, see below), then prints
# each one's output and records it, in start order.
BG_STEPS=()
BG_PIDS=()
BG_COUNT=0
start_step() {
  local name="$1" id=$BG_COUNT
  shift
  BG_COUNT=$((BG_COUNT + 1))
  BG_STEPS+=("$id:$name")
  (
    started=$SECONDS
    rc=0
    "$@" >"$RESULTS_DIR/step-$id.log" 2>&1 || rc=$?
    echo "$rc $((SECONDS - started))" >"$RESULTS_DIR/step-$id.rc"
  ) &
  BG_PIDS+=("$!")
}
finish_steps() {
  local pid entry id name rc took
  for pid in "${BG_PIDS[@]}"; do
    wait "$pid" || true
  done
  for entry in "${BG_STEPS[@]}"; do
    id="${entry%%:*}"
    name="${entry#*:}"
    echo
    echo "== $name"
    cat "$RESULTS_DIR/step-$id.log"
    read -r rc took <"$RESULTS_DIR/step-$id.rc"
    record "$name" "$rc" "$took"
  done
  BG_STEPS=()
  BG_PIDS=()
}

# (b) The lock file agrees with every package.json (`npm ci`, which CI and newcomers may use, refuses
# a lock that lacks a dependency, e.g. a platform package of Biome's). The static checks run beside the journeys (c2).
step "lock file in sync (npm ci --dry-run)" npm ci --dry-run --ignore-scripts --no-audit --no-fund --loglevel=error

# (c) The web build, then the browser journeys in the background for the rest of the run: Playwright starts the real
# server (see e2e/playwright.config.ts). The journeys are the longest step and mostly wait (for the server, the event
# stream, the test gateway): a quarter to a half of one CPU. The CPU-bound steps run beside them at the same priority
# (the scheduler already serves a task that mostly sleeps first when it wakes; `nice` starved the suites whenever
# anything else ran on the machine: docs/adr/0381-journeys-beside-the-api-suites.md). The build goes to a private
# folder (not apps/web/dist) so nothing else rebuilding the app can empty it mid-run.
WEB_DIST_DIR="$RESULTS_DIR/web-dist"
step "web build" npm run build -w @sufra/web -- --outDir "$WEB_DIST_DIR" --emptyOutDir
# The journeys run as E2E_SHARDS Playwright processes side by side (default one), each with its own server (and
# embedded database) on its own ports and E2E_WORKERS browsers (default 3). Two servers of two browsers each were
# measured and were not faster on two cores: the run is CPU-bound (docs/adr/0413-journeys-in-shards-measured.md).
E2E_SHARDS="${E2E_SHARDS:-1}"
JOURNEYS_PID=""
if [[ "${STEP_RESULTS[-1]}" == ok* ]]; then
  (
    started=$SECONDS
    rc=0
    shard_pids=()
    for shard in $(seq 1 "$E2E_SHARDS"); do
      env PLAYWRIGHT_JSON_OUTPUT_FILE="$RESULTS_DIR/e2e-$shard.json" E2E_WEB_DIST="$WEB_DIST_DIR" \
        E2E_TRACE="${E2E_TRACE:-off}" E2E_DATABASE_URL="$SUFRA_TEST_PG_URL" \
        E2E_PORT=$((3200 + 10 * shard)) npm test -w @sufra/e2e -- --shard="$shard/$E2E_SHARDS" \
        >"$RESULTS_DIR/e2e-$shard.log" 2>&1 &
      shard_pids+=("$!")
    done
    for pid in "${shard_pids[@]}"; do
      wait "$pid" || rc=1
    done
    echo "$rc $((SECONDS - started))" >"$RESULTS_DIR/e2e.rc"
  ) &
  JOURNEYS_PID=$!
fi

# (c2) The static checks, beside the journeys (they use one core at most; the journeys start as early as they can).
step "lint" npm run --silent lint
# Generated files (migrations, docs/openapi.json) match their sources: scripts/check-generated.ts.
step "generated files up to date" npm exec --silent -- node scripts/check-generated.ts
# The API document as clients read it: Redocly's recommended rules, warnings as errors (redocly.yaml; single
# exceptions with their reasons in .redocly.lint-ignore.yaml). No telemetry, no update check.
step "API document lint (Redocly)" env REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true \
  npx --no-install redocly lint docs/openapi.json --format=stylish

# (d) The type check beside the unit tests, then (e) the API tests on the embedded PGlite (no DATABASE_URL) beside
# the same on a real PostgreSQL 15 (races and pools behave differently there): each runs two files at a time
# (maxWorkers in vitest.config.ts; every file has its own database, ports and temp folders), so the two CPUs stay
# busy while a file waits on its database (docs/adr/0410-api-test-files-in-parallel.md).
start_step "typecheck" npm run --silent typecheck
start_step "unit tests" npx vitest run --project unit --project unit-web --passWithNoTests \
  --reporter=default --reporter=json --outputFile.json="$RESULTS_DIR/unit.json"
finish_steps
start_step "API tests (PGlite)" env -u DATABASE_URL npx vitest run --project api --passWithNoTests \
  --reporter=default --reporter=json --outputFile.json="$RESULTS_DIR/api-pglite.json"
# The API's files that open no database run once, with the PostgreSQL suite (the shorter of the two; they read no
# DATABASE_URL: vitest.config.ts, api-without-database, docs/adr/0817).
start_step "API tests (PostgreSQL 15)" env DATABASE_URL="$SUFRA_TEST_PG_URL" npx vitest run --project api \
  --project api-without-database --passWithNoTests --reporter=default --reporter=json --outputFile.json="$RESULTS_DIR/api-postgres.json"
finish_steps

# (f) The journeys' outcome, once they end.
echo
echo "== e2e journeys (Chromium)"
if [ -n "$JOURNEYS_PID" ]; then
  wait "$JOURNEYS_PID" || true
  for log in "$RESULTS_DIR"/e2e-*.log; do
    echo "-- ${log##*/}"
    cat "$log"
  done
  read -r rc took <"$RESULTS_DIR/e2e.rc"
  record "e2e journeys (Chromium)" "$rc" "$took"
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
