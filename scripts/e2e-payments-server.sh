#!/usr/bin/env bash
# Starts a second real server for the payment browser tests (Playwright
# project "payments"): cards charged through localstripe, the Stripe-compatible
# server the Rust payment tests use (scripts/payments/install.sh), with its
# webhooks sent to this server. The first web server (scripts/e2e-server.sh)
# has built the frontend and the binary by the time Playwright starts this one.
# Its mail goes to a real SMTP server (Debian's aiosmtpd, as the Rust mail
# tests use) that keeps each message in a Maildir the browser tests read
# (`E2E_MAILDIR`, default target/e2e-maildir).
set -euo pipefail
cd "$(dirname "$0")/.."

port="${E2E_PAYMENTS_PORT:-18081}"
stripe_port="${E2E_STRIPE_PORT:-18091}"
: "${E2E_ADMIN_EMAIL:?set E2E_ADMIN_EMAIL}"
: "${E2E_ADMIN_PASSWORD:?set E2E_ADMIN_PASSWORD}"
server_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432}"
server_url="${server_url%/}"
database="golden_pine_e2e_${port}"
stripe="http://127.0.0.1:${stripe_port}"
smtp_port="${E2E_SMTP_PORT:-18025}"
maildir="${E2E_MAILDIR:-target/e2e-maildir}"
rm -rf "${maildir}" && mkdir -p "${maildir}/new" "${maildir}/cur" "${maildir}/tmp"

bash scripts/payments/install.sh
target/payments-venv/bin/localstripe --port "${stripe_port}" --from-scratch >/dev/null 2>&1 &
localstripe=$!
/usr/bin/python3 -m aiosmtpd -n -l "127.0.0.1:${smtp_port}" -c aiosmtpd.handlers.Mailbox "${maildir}" &
smtp=$!
trap 'kill "${localstripe}" "${smtp}" 2>/dev/null || true' EXIT
for _ in $(seq 1 200); do
  curl -fs -o /dev/null "${stripe}/js.stripe.com/v3/" && break
  sleep 0.1
done
curl -fsS -o /dev/null -X POST "${stripe}/_config/webhooks/e2e" \
  -d "url=http://127.0.0.1:${port}/api/payments/webhook" -d "secret=whsec_e2e_payments"

psql "${server_url}/postgres" -qc "DROP DATABASE IF EXISTS ${database} WITH (FORCE)" >/dev/null
export DATABASE_URL="${server_url}/${database}"
export MEDIA_DIR="target/e2e-uploads-${port}"
rm -rf "${MEDIA_DIR}"
export PORT="${port}" DEMO_DATA=true BCRYPT_COST=4 RUST_LOG="${RUST_LOG:-warn}" PUBLIC_WRITE_LIMIT=1000000 GIFT_CARD_LOOKUP_LIMIT=1000000
export ADMIN_EMAIL="${E2E_ADMIN_EMAIL}" ADMIN_PASSWORD="${E2E_ADMIN_PASSWORD}" ADMIN_NAME="${E2E_ADMIN_NAME:-Test Manager}"
export STRIPE_SECRET_KEY=sk_test_e2e_server STRIPE_PUBLISHABLE_KEY=pk_test_e2e_browser STRIPE_WEBHOOK_SECRET=whsec_e2e_payments
export STRIPE_API_BASE="${stripe}" PAYMENT_SWEEP_SECONDS=5
export SMTP_URL="smtp://127.0.0.1:${smtp_port}" MAIL_POLL_MILLISECONDS=200
./target/debug/server &
server=$!
trap 'kill "${server}" "${localstripe}" "${smtp}" 2>/dev/null || true' EXIT
wait "${server}"
