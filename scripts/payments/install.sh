#!/usr/bin/env bash
# The Stripe-compatible server the payment tests run against (localstripe,
# PyPI), in a venv under target/ like the contract fuzzer; reinstalled only
# when scripts/payments/requirements.txt changes. Tests find it at
# target/payments-venv/bin/localstripe (or $LOCALSTRIPE).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="target/payments-venv"
if [ ! -x "$venv/bin/localstripe" ] || ! cmp -s scripts/payments/requirements.txt "$venv/requirements.txt"; then
  echo "installing localstripe into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r scripts/payments/requirements.txt
  cp scripts/payments/requirements.txt "$venv/requirements.txt"
fi
