#!/usr/bin/env bash
# `just bench`, second half: Lighthouse 12 (mobile, default simulated
# throttling) on every public page of the release server with the demo data.
# Prints one Markdown row per page: performance, accessibility, best
# practices, SEO, LCP, CLS, TBT and the JavaScript it downloaded. Each page is
# run LIGHTHOUSE_RUNS times (default 3) and the median run (by performance)
# is shown; a run that ends in a Lighthouse runtime error (NO_NAVSTART, seen
# now and then here) is run again. The not-found page is left out: Lighthouse
# does not audit a page answered with 404. Needs npm (Lighthouse comes through npx)
# and Chromium (/usr/bin/chromium). Not part of `just test`.
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${LIGHTHOUSE_RUNS:-3}"
port="${LIGHTHOUSE_PORT:-18130}"
server_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432}"
server_url="${server_url%/}"
database="golden_pine_lighthouse"
out="$(mktemp -d)"

psql "${server_url}/postgres" -qc "DROP DATABASE IF EXISTS ${database} WITH (FORCE)" >/dev/null
DATABASE_URL="${server_url}/${database}" PORT="${port}" DEMO_DATA=true RUST_LOG=error \
  ./target/release/server >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$out"' EXIT
for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:${port}/readyz" >/dev/null && break; sleep 0.5; done

base="http://127.0.0.1:${port}"
post="$(curl -sf "${base}/api/blog-posts" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["slug"])')"
# A guest's own booking page (issue 42), as a request lands on it: `noindex`
# by design, so its SEO score is Lighthouse's verdict on that, not a fault.
visit_day="$(date -d '+30 days' +%F)"
token="$(curl -sf -X POST "${base}/api/bookings" -H 'Content-Type: application/json' \
  -d "{\"firstName\":\"Maya\",\"lastName\":\"Lighthouse\",\"email\":\"maya@example.com\",\"service\":\"spa\",\"date\":\"${visit_day}\",\"time\":\"11:00\"}" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["manageToken"])')"
pages=(/ /services /products /blog "/blog/${post}" /contact /wellness-quiz /checkout /gift-cards /privacy "/bookings/manage/${token}")

echo "| page | performance | accessibility | best practices | SEO | LCP s | CLS | TBT ms | JS KB |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
# LIGHTHOUSE_ONLY=text: only the pages whose path holds it (`manage` for a guest's page).
only="${LIGHTHOUSE_ONLY:-}"
number=0
for page in "${pages[@]}"; do
  number=$((number + 1))
  [[ "$page" == *"$only"* ]] || continue
  reports=()
  for run in $(seq 1 "$runs"); do
    # Named by the page's place in the list: a guest's token is too long for a file name.
    report="${out}/page-${number}-${run}.json"
    for _attempt in 1 2 3; do
      CHROME_PATH=/usr/bin/chromium npx --yes lighthouse@12 "${base}${page}" --quiet \
        --chrome-flags="--headless=new --no-sandbox" \
        --only-categories=performance,accessibility,best-practices,seo \
        --output=json --output-path="$report" >/dev/null 2>&1 || true
      python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); sys.exit(1 if r.get("runtimeError") else 0)' "$report" \
        2>/dev/null && break
    done
    reports+=("$report")
  done
  python3 - "$page" "${reports[@]}" <<'PY'
import json, sys
page, paths = sys.argv[1], sys.argv[2:]
reports = []
for path in paths:
    try:
        report = json.load(open(path))
    except (OSError, ValueError):
        continue
    if not report.get("runtimeError") and report["categories"]["performance"]["score"] is not None:
        reports.append(report)
if page.startswith("/bookings/manage/"):
    page = "/bookings/manage/{token}"
if not reports:
    print(f"| `{page}` | (no run finished) | | | | | | | |")
    sys.exit(0)
reports.sort(key=lambda r: r["categories"]["performance"]["score"])
r = reports[len(reports) // 2]
score = lambda name: round(r["categories"][name]["score"] * 100)
audit = lambda name: r["audits"][name]["numericValue"]
scripts = sum(item.get("transferSize", 0) for item in r["audits"]["resource-summary"]["details"]["items"]
              if item.get("resourceType") == "script")
print(f"| `{page}` | {score('performance')} | {score('accessibility')} | {score('best-practices')} | {score('seo')} "
      f"| {audit('largest-contentful-paint') / 1000:.1f} | {audit('cumulative-layout-shift'):.3f} "
      f"| {audit('total-blocking-time'):.0f} | {scripts / 1024:.0f} |")
PY
done
