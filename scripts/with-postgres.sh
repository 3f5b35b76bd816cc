#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 cluster in a temp folder.
# Usage: scripts/with-postgres.sh <command…>   (DATABASE_URL is exported for the command)
# The cluster listens on 127.0.0.1:<free port>, keeps its socket in the temp folder, runs with
# fsync off (it is disposable), and is stopped and deleted on any exit.
# For a diagnosis: PG_EXTRA_OPTS adds server options (e.g. "-c session_preload_libraries=auto_explain
# -c auto_explain.log_min_duration=20"), PG_LOG puts the server's log where it outlives the cluster.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command…>" >&2
  exit 2
fi

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "with-postgres: $PG_BIN/initdb not found (apt-get install postgresql-15)" >&2
  exit 1
fi

PG_DIR="$(mktemp -d "${TMPDIR:-/tmp}/sufra-pg.XXXXXX")"
PG_USER=""
# PostgreSQL refuses to run as root: use an unprivileged system user for the server processes.
if [ "$(id -u)" -eq 0 ]; then
  PG_USER="${PG_SYSTEM_USER:-sufra-pg}"
  if ! id -u "$PG_USER" >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin "$PG_USER"
  fi
  chown "$PG_USER" "$PG_DIR"
  chmod 700 "$PG_DIR"
fi

as_pg() {
  if [ -n "$PG_USER" ]; then
    runuser -u "$PG_USER" -- "$@"
  else
    "$@"
  fi
}

cleanup() {
  local rc=$?
  if [ -f "$PG_DIR/data/postmaster.pid" ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$PG_DIR"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A free TCP port: ask the kernel for one (tiny race window, acceptable for a test cluster).
PG_PORT="${PG_PORT:-$(npm exec --silent -- node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}"

as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$PG_DIR/initdb.log" 2>&1 || {
  cat "$PG_DIR/initdb.log" >&2
  exit 1
}

PG_OPTS="-c listen_addresses=127.0.0.1 -p $PG_PORT -c unix_socket_directories=$PG_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c shared_buffers=128MB ${PG_EXTRA_OPTS:-}"
as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -o "$PG_OPTS" -l "${PG_LOG:-$PG_DIR/postgres.log}" -w -t 60 start >/dev/null || {
  cat "$PG_DIR/postgres.log" >&2
  exit 1
}

export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
# libpq defaults too, so `psql` with no arguments (or an empty URL) reaches this cluster.
export PGHOST=127.0.0.1 PGPORT="$PG_PORT" PGUSER=postgres PGDATABASE=postgres
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT ($PG_DIR)" >&2

# Not exec: the trap must run after the command to stop the cluster.
set +e
"$@"
rc=$?
set -e
exit "$rc"
