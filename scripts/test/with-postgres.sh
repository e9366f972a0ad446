#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a real PostgreSQL, so the database tests
# (tests/support/test-db.ts) run on PostgreSQL as well as on PGlite:
#   scripts/test/with-postgres.sh npx vitest run
# Uses TEST_DATABASE_URL when it is already set and reachable; otherwise starts this machine's
# cluster (pg_ctlcluster) and makes sure the test role exists. Where there is no PostgreSQL
# it says so and exits 0: the PGlite run still covers the code.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

default_url="postgres://test:test@127.0.0.1:5432/postgres"
url="${TEST_DATABASE_URL:-$default_url}"

skip() {
  echo "PostgreSQL not available, skipping ($1)"
  exit 0
}

reachable() {
  command -v psql >/dev/null 2>&1 && psql "$url" -tAc 'select 1' >/dev/null 2>&1
}

as_postgres() {
  if [ "$(id -un)" = postgres ]; then
    "$@"
  elif [ "$(id -u)" -eq 0 ] && command -v runuser >/dev/null 2>&1; then
    runuser -u postgres -- "$@"
  else
    return 1
  fi
}

if ! reachable; then
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    skip "TEST_DATABASE_URL does not answer"
  fi
  command -v pg_lsclusters >/dev/null 2>&1 || skip "no pg_lsclusters on this machine"
  # The first cluster on port 5432 (Debian/Ubuntu layout: version, name, port, status, …).
  read -r version name < <(pg_lsclusters -h | awk '$3 == 5432 { print $1, $2; exit }') || true
  [ -n "${version:-}" ] || skip "no cluster on port 5432"

  if ! pg_ctlcluster "$version" "$name" status >/dev/null 2>&1; then
    pg_ctlcluster "$version" "$name" start >/dev/null 2>&1 || skip "cannot start cluster $version/$name"
  fi
  for _ in $(seq 1 30); do
    pg_isready -q -h 127.0.0.1 -p 5432 && break
    sleep 0.5
  done
  pg_isready -q -h 127.0.0.1 -p 5432 || skip "cluster $version/$name does not accept connections"

  # CREATEDB is all the tests need: each test file makes and drops its own database.
  as_postgres psql -q -v ON_ERROR_STOP=1 -c "
    DO \$\$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'test') THEN
        CREATE ROLE test LOGIN PASSWORD 'test' CREATEDB;
      END IF;
    END \$\$;" >/dev/null 2>&1 || skip "cannot create the test role (run as root or postgres)"
  reachable || skip "cannot sign in as $url"
fi

echo "Running on PostgreSQL: $(sed -E 's#(//[^:/@]+):[^@]*@#\1:***@#' <<<"$url")"
TEST_DATABASE_URL="$url" exec "$@"
