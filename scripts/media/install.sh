#!/usr/bin/env bash
# The S3-compatible server the media tests run against (moto's standalone
# server, PyPI), in a venv under target/ like localstripe; reinstalled only
# when scripts/media/requirements.txt changes. Tests find it at
# target/media-venv/bin/moto_server (or $MOTO_SERVER).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv="target/media-venv"
if [ ! -x "$venv/bin/moto_server" ] || ! cmp -s scripts/media/requirements.txt "$venv/requirements.txt"; then
  echo "installing moto into $venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r scripts/media/requirements.txt
  cp scripts/media/requirements.txt "$venv/requirements.txt"
fi
