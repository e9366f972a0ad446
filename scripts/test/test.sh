#!/usr/bin/env bash
# `npm test`: every check the project has, in order, stopping at the first failure.
# Needs no TTY (runs in CI through .ci/run).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
started=$SECONDS
passed=()
current=""

step() {
  current="$1"
  echo
  echo "==> [$(( ${#passed[@]} + 1 ))/7] $1"
}

done_step() {
  passed+=("$current")
}

on_exit() {
  local code=$?
  echo
  if [ "$code" -eq 0 ]; then
    echo "==> npm test: all ${#passed[@]} steps passed in $(( SECONDS - started )) s"
  else
    echo "==> npm test: FAILED at step '${current}' (exit code $code) after $(( SECONDS - started )) s;" \
      "passed: $(IFS=','; echo "${passed[*]:-none}")"
  fi
}
trap on_exit EXIT

step "typecheck (tsc --noEmit: the site, its tests and every script)"
npx --no-install tsc --noEmit
done_step

step "lint and format (biome check ., layer directions and SQL places, package-lock completeness)"
npx --no-install biome check .
npm run --silent lint:layers
npm run --silent lock:fill -- --check
done_step

step "translations (npm run i18n:check)"
npm run --silent i18n:check
done_step

step "unit and API tests on PGlite (vitest run)"
npx --no-install vitest run
done_step

step "database tests on PostgreSQL (scripts/test/with-postgres.sh vitest run <the files scripts/test/db-test-files.ts lists>)"
# Only the files that reach the test database: the others ran above and cannot differ here.
mapfile -t db_test_files < <(node --import tsx scripts/test/db-test-files.ts)
bash scripts/test/with-postgres.sh npx --no-install vitest run "${db_test_files[@]}"
done_step

step "end-to-end tests (npm run test:e2e)"
npm run --silent test:e2e
done_step

# Reuses the build the end-to-end step made; skips (exit 0) where there is no PostgreSQL.
step "fleet: two production instances on one PostgreSQL (scripts/test/fleet-test.ts)"
bash scripts/test/with-postgres.sh node --import tsx scripts/test/fleet-test.ts
done_step
