# Golden Pine Wellness Retreat — tasks. `just --list` shows them all.

set shell := ["bash", "-euo", "pipefail", "-c"]

pg_server := env_var_or_default("TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432")

# Show the recipes.
default:
    @just --list

# Serve the whole site with demo data on http://localhost:8080 (PORT to change).
run: ensure-postgres build-frontend
    cargo build -p server
    DEMO_DATA="${DEMO_DATA:-true}" ./target/debug/server

# Run every test: formatting, lints, Rust unit and API tests, frontend checks and browser tests.
# Each step says how long it took, so a slower suite shows where (the CI budget is 50 minutes).
test: ensure-postgres
    #!/usr/bin/env bash
    set -euo pipefail
    began=$(date +%s)
    for step in fmt-check lint test-rust schema-check test-contract test-frontend test-e2e; do
        start=$(date +%s)
        just "$step"
        echo "--- just $step: $(( $(date +%s) - start )) s"
    done
    echo "--- just test: $(( ($(date +%s) - began) / 60 )) min"

# Rust: domain unit tests, HTTP integration tests on real PostgreSQL, OpenAPI snapshot.
test-rust: ensure-postgres build-frontend payments-server media-server
    cargo test --workspace

# Contract fuzzing: Schemathesis (every check, 60 seeded cases per operation) against the served OpenAPI document.
test-contract: ensure-postgres
    bash scripts/contract-fuzz.sh

# Frontend: generated API types up to date, Prettier formatting, types, lint and unit tests.
test-frontend: frontend-deps
    cd frontend && npm run --silent check:api && npm run --silent format:check && npm run --silent typecheck && npm run --silent lint && npm test --silent

# Browser tests in Debian Chromium against the real server and PostgreSQL.
test-e2e: ensure-postgres build-frontend payments-server
    cd frontend && E2E_FRONTEND_BUILT=1 npx playwright test

# The Stripe-compatible server the payment tests use (localstripe, in target/payments-venv).
payments-server:
    bash scripts/payments/install.sh

# The S3-compatible server the media tests use (moto, in target/media-venv).
media-server:
    bash scripts/media/install.sh

# Format Rust code.
fmt: frontend-deps
    cargo fmt --all
    cd frontend && npm run --silent format

fmt-check:
    cargo fmt --all -- --check

# Clippy with warnings as errors, and ESLint.
lint: frontend-deps
    cargo clippy --workspace --all-targets -- -D warnings
    cd frontend && npm run --silent lint

# Regenerate openapi.json and the frontend's page list from the Rust code, and the frontend types from them.
openapi: frontend-deps
    cargo run --quiet -p server -- openapi > openapi.json
    cargo run --quiet -p server -- pages > frontend/src/config/pages.json
    cd frontend && npm run --silent gen:api

# Regenerate the Diesel schema from the migrations (needs diesel_cli).
schema: ensure-postgres
    #!/usr/bin/env bash
    set -euo pipefail
    db="golden_pine_schema_$$"
    psql "{{pg_server}}/postgres" -qc "CREATE DATABASE $db"
    trap 'psql "{{pg_server}}/postgres" -qc "DROP DATABASE IF EXISTS $db" >/dev/null' EXIT
    DATABASE_URL="{{pg_server}}/$db" diesel migration run >/dev/null

# Fail when crates/store-postgres/src/schema.rs differs from what the migrations generate.
schema-check: ensure-postgres
    #!/usr/bin/env bash
    set -euo pipefail
    if ! command -v diesel >/dev/null; then echo "diesel_cli missing: cargo install diesel_cli --no-default-features --features postgres"; exit 1; fi
    db="golden_pine_schema_$$"
    psql "{{pg_server}}/postgres" -qc "CREATE DATABASE $db"
    trap 'psql "{{pg_server}}/postgres" -qc "DROP DATABASE IF EXISTS $db" >/dev/null' EXIT
    DATABASE_URL="{{pg_server}}/$db" diesel migration run --locked-schema >/dev/null
    echo "schema.rs is up to date"

# Manage admins, e.g. `just admin create --email a@b.com --name Ana`, `just admin deactivate --email ...`.
[positional-arguments]
admin *ARGS: ensure-postgres
    cargo run --quiet -p server -- admin "$@"

# Build the frontend into frontend/dist.
build-frontend: frontend-deps
    cd frontend && npm run --silent build

# Release build of the whole site.
build: build-frontend
    cargo build --release -p server

# Benchmarks: domain rules, HTTP throughput/latency/memory, and Lighthouse
# (mobile) on every public page, all on a release build; then bench-scale.
bench: ensure-postgres build-frontend payments-server && bench-scale
    cargo bench -p domain
    cargo build --release -p server --bin server --example load
    ./target/release/examples/load "${BENCH_SECONDS:-10}"
    bash scripts/lighthouse.sh

# Each scale on a freshly seeded database (×1: 100,000 orders); SCALES="1"
# for ×1 only, SCALE_SECONDS and SCALE_CLIENTS per call, SCALE_CALLS=search
# for the calls so named. Never part of `test`.
# Admin paged calls, exports and the Orders tab in Chromium at 100k and 1M orders.
bench-scale: ensure-postgres build-frontend
    cargo build --release -p server --bin server --example scale
    ./target/release/examples/scale ${SCALES:-1 10}

# A walk through every edge of the money against localstripe (book, pay,
# refund, cancel, delete, reconcile), printing each dashboard figure beside
# the same figure computed from the provider; exit 1 when one differs.
money-check: ensure-postgres
    bash scripts/money-check.sh

# Install the frontend's npm packages when the lock file changed.
frontend-deps:
    #!/usr/bin/env bash
    set -euo pipefail
    cd frontend
    if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
      npm ci --no-audit --no-fund
    fi

# Start the local PostgreSQL server when it is not running.
ensure-postgres:
    #!/usr/bin/env bash
    if pg_isready -q -h 127.0.0.1 -p 5432; then exit 0; fi
    if command -v pg_ctlcluster >/dev/null; then
      pg_ctlcluster --skip-systemctl-redirect 15 main start || true
      for _ in $(seq 1 20); do pg_isready -q -h 127.0.0.1 -p 5432 && exit 0; sleep 0.5; done
    fi
    echo "PostgreSQL is not reachable on 127.0.0.1:5432. Start it (pg_ctlcluster --skip-systemctl-redirect 15 main start) or set DATABASE_URL / TEST_DATABASE_URL." >&2
    exit 1
