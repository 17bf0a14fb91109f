#!/usr/bin/env bash
# Contract fuzzing (`just test-contract`): the real server on a fresh database
# with the demo catalogue, taking payments through a local Stripe-compatible
# server (localstripe), and Schemathesis run against the OpenAPI document it
# serves with every check, 60 cases per operation, a fixed seed, and an admin
# token. Any failure of any check fails the run. See scripts/contract/.
# Left out: logout (it would end the fuzzer's session) and /api/admin/media
# (GET, POST): Schemathesis 4.32 judges the hook's real PNG for an upload
# schema-violating ("file sample") and a binary body cannot state "a PNG";
# uploads and the library are tested in crates/server/tests/api/media.rs,
# and DELETE /api/admin/media/{name} is fuzzed.
set -euo pipefail
cd "$(dirname "$0")/.."

port="${CONTRACT_PORT:-18110}"
seed="${CONTRACT_SEED:-20261122}"
examples="${CONTRACT_EXAMPLES:-60}"
server_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432}"
server_url="${server_url%/}"
database="golden_pine_contract_${port}"
venv="target/contract-venv"
admin_email="contract-admin@goldenpine.test"
admin_password="contract-only-$(date +%s)-Pine"

if [ ! -x "$venv/bin/schemathesis" ] || ! cmp -s scripts/contract/requirements.txt "$venv/requirements.txt"; then
  echo "installing Schemathesis into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r scripts/contract/requirements.txt
  cp scripts/contract/requirements.txt "$venv/requirements.txt"
fi

bash scripts/payments/install.sh
stripe_port="${CONTRACT_STRIPE_PORT:-$((port + 1))}"
stripe_url="http://127.0.0.1:${stripe_port}"
webhook_secret="whsec_contract"
target/payments-venv/bin/localstripe --port "$stripe_port" --from-scratch > target/contract-localstripe.log 2>&1 &
stripe_pid=$!

cargo build --quiet -p server
psql "${server_url}/postgres" -qc "DROP DATABASE IF EXISTS ${database} WITH (FORCE)" >/dev/null
rm -rf "target/contract-uploads-${port}"
DATABASE_URL="${server_url}/${database}" PORT="$port" DEMO_DATA=true BCRYPT_COST=4 RUST_LOG=warn PUBLIC_WRITE_LIMIT=1000000 GIFT_CARD_LOOKUP_LIMIT=1000000 \
  ADMIN_EMAIL="$admin_email" ADMIN_PASSWORD="$admin_password" FRONTEND_DIR=target/no-frontend \
  STRIPE_SECRET_KEY=sk_test_contract STRIPE_PUBLISHABLE_KEY=pk_test_contract STRIPE_WEBHOOK_SECRET="$webhook_secret" \
  STRIPE_API_BASE="$stripe_url" MEDIA_DIR="target/contract-uploads-${port}" \
  ./target/debug/server > target/contract-server.log 2>&1 &
server_pid=$!
cleanup() {
  kill "$server_pid" "$stripe_pid" 2>/dev/null || true
  wait "$server_pid" "$stripe_pid" 2>/dev/null || true
  psql "${server_url}/postgres" -qc "DROP DATABASE IF EXISTS ${database} WITH (FORCE)" >/dev/null || true
}
trap cleanup EXIT
for _ in $(seq 1 100); do
  curl -sf -o /dev/null -X POST "$stripe_url/_config/webhooks/contract" \
    -d "url=http://127.0.0.1:${port}/api/payments/webhook" -d "secret=${webhook_secret}" && break
  kill -0 "$stripe_pid" 2>/dev/null || { cat target/contract-localstripe.log; exit 1; }
  sleep 0.2
done

base="http://127.0.0.1:${port}"
for _ in $(seq 1 100); do
  curl -sf "$base/api/services" >/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || { cat target/contract-server.log; exit 1; }
  sleep 0.2
done
token=$(curl -sf -X POST "$base/api/admin/login" -H 'content-type: application/json' \
  -d "{\"email\":\"$admin_email\",\"password\":\"$admin_password\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')

CONTRACT_BASE_URL="$base" CONTRACT_STRIPE_URL="$stripe_url" CONTRACT_WEBHOOK_SECRET="$webhook_secret" SCHEMATHESIS_HOOKS=hooks PYTHONPATH=scripts/contract \
  "$venv/bin/schemathesis" --config-file scripts/contract/schemathesis.toml run "$base/api/openapi.json" \
  --checks all --max-examples "$examples" --seed "$seed" --workers 1 --no-color \
  --exclude-path /api/admin/logout --exclude-path /api/admin/media \
  --header "Authorization: Bearer $token" --report junit --report-dir target/contract-report
