#!/usr/bin/env bash
# `just money-check`: a walk through every edge of the money, for a reviewer
# to run and read. A fresh server (debug build, demo data, payments through
# localstripe with its signed webhooks) on a throwaway database; then
# scripts/money-check.py books, pays, refunds, cancels, deletes and
# reconciles through the API, and prints each figure the dashboard shows
# beside the same figure computed from the provider's own payments and
# refunds. Exit status 1 when any pair differs.
set -euo pipefail
cd "$(dirname "$0")/.."

port="${MONEY_PORT:-18130}"
stripe_port="${MONEY_STRIPE_PORT:-$((port + 1))}"
server_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432}"
server_url="${server_url%/}"
database="golden_pine_money_${port}"
stripe="http://127.0.0.1:${stripe_port}"
admin_email="money-check@goldenpine.test"
admin_password="money-check-$(date +%s)-Pine"
webhook_secret="whsec_money_check"

bash scripts/payments/install.sh
cargo build --quiet -p server
target/payments-venv/bin/localstripe --port "${stripe_port}" --from-scratch > target/money-localstripe.log 2>&1 &
localstripe=$!
psql "${server_url}/postgres" -qc "DROP DATABASE IF EXISTS ${database} WITH (FORCE)" >/dev/null
DATABASE_URL="${server_url}/${database}" PORT="${port}" DEMO_DATA=true BCRYPT_COST=4 RUST_LOG=warn \
  PUBLIC_WRITE_LIMIT=1000000 GIFT_CARD_LOOKUP_LIMIT=1000000 FRONTEND_DIR=target/no-frontend \
  ADMIN_EMAIL="${admin_email}" ADMIN_PASSWORD="${admin_password}" MEDIA_DIR="target/money-uploads-${port}" \
  STRIPE_SECRET_KEY=sk_test_money STRIPE_PUBLISHABLE_KEY=pk_test_money STRIPE_WEBHOOK_SECRET="${webhook_secret}" \
  STRIPE_API_BASE="${stripe}" \
  ./target/debug/server > target/money-server.log 2>&1 &
server=$!
cleanup() {
  kill "${server}" "${localstripe}" 2>/dev/null || true
  wait "${server}" "${localstripe}" 2>/dev/null || true
  psql "${server_url}/postgres" -qc "DROP DATABASE IF EXISTS ${database} WITH (FORCE)" >/dev/null || true
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  curl -sf -o /dev/null -X POST "${stripe}/_config/webhooks/money" \
    -d "url=http://127.0.0.1:${port}/api/payments/webhook" -d "secret=${webhook_secret}" && break
  kill -0 "${localstripe}" 2>/dev/null || { cat target/money-localstripe.log; exit 1; }
  sleep 0.2
done
for _ in $(seq 1 150); do
  curl -sf -o /dev/null "http://127.0.0.1:${port}/api/services" && break
  kill -0 "${server}" 2>/dev/null || { cat target/money-server.log; exit 1; }
  sleep 0.2
done

MONEY_BASE_URL="http://127.0.0.1:${port}" MONEY_STRIPE_URL="${stripe}" MONEY_DATABASE_URL="${server_url}/${database}" \
  MONEY_ADMIN_EMAIL="${admin_email}" MONEY_ADMIN_PASSWORD="${admin_password}" \
  python3 scripts/money-check.py
