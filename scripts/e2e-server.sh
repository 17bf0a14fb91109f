#!/usr/bin/env bash
# Starts the real server for the browser tests: a fresh database with the demo
# catalogue, the built frontend, and an admin whose credentials the tests pass
# in (E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD). Playwright's webServer runs this.
set -euo pipefail
cd "$(dirname "$0")/.."

port="${E2E_PORT:-18080}"
: "${E2E_ADMIN_EMAIL:?set E2E_ADMIN_EMAIL}"
: "${E2E_ADMIN_PASSWORD:?set E2E_ADMIN_PASSWORD}"
server_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432}"
server_url="${server_url%/}"
database="golden_pine_e2e_${port}"

if [ -z "${E2E_SKIP_BUILD:-}" ]; then
  # `just test-e2e` builds the frontend first (its build-frontend step, which
  # `just test` runs once for the Rust tests and the browser tests alike) and
  # says so: a second build would cost a minute and give the same files.
  [ -n "${E2E_FRONTEND_BUILT:-}" ] || (cd frontend && npm run build --silent)
  cargo build --quiet -p server
fi

psql "${server_url}/postgres" -qc "DROP DATABASE IF EXISTS ${database} WITH (FORCE)" >/dev/null
export DATABASE_URL="${server_url}/${database}"
# Uploads start empty with the database.
export MEDIA_DIR="target/e2e-uploads-${port}"
rm -rf "${MEDIA_DIR}"
# Every browser test writes from this one address: the public-write limit is for visitors.
export PORT="${port}" DEMO_DATA=true BCRYPT_COST=4 RUST_LOG="${RUST_LOG:-warn}" PUBLIC_WRITE_LIMIT=1000000 GIFT_CARD_LOOKUP_LIMIT=1000000
export ADMIN_EMAIL="${E2E_ADMIN_EMAIL}" ADMIN_PASSWORD="${E2E_ADMIN_PASSWORD}" ADMIN_NAME="${E2E_ADMIN_NAME:-Test Manager}"
# The other sites' calendars the browser tests import are served by the spec itself, on 127.0.0.1.
export ICAL_IMPORT_ALLOW_PRIVATE=true
exec ./target/debug/server
