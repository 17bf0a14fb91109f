"""Test data the schema cannot state, for the contract fuzzer's valid cases.

A JSON Schema describes each field; a few rules relate fields to each other or
to stored records, and a schema-valid request that breaks one is rightly
refused with 400. Before each *positive* case is sent, these hooks make it
meet those rules, so the check that valid requests are accepted tests what
it means to. Negative cases are sent as generated. The rules:

- an availability range ends on or after its start, at most 366 days later;
- a blackout period (saved or only asked about) ends on or after its start;
- an availability entry names an existing service;
- an order's lines name existing products, each at most once, and its
  items given as text are JSON of that list;
- a booking's check-out is for the Tiny Home only, 1 to 14 nights after its date.
"""

import datetime
import json
import os
import urllib.request

import schemathesis

BASE_URL = os.environ["CONTRACT_BASE_URL"].rstrip("/")


def _get(path):
    with urllib.request.urlopen(BASE_URL + path) as response:
        return json.load(response)


SERVICE_IDS = [service["id"] for service in _get("/api/services")]
PRODUCT_IDS = [product["id"] for product in _get("/api/products")]


def _date(text):
    try:
        return datetime.date.fromisoformat(text) if isinstance(text, str) and len(text) == 10 else None
    except ValueError:
        return None


def _ordered(start, end, longest=None):
    """Two dates in order (and at most `longest` days apart), as text."""
    first, last = _date(start), _date(end)
    if first is None or last is None:
        return start, end
    first, last = min(first, last), max(first, last)
    if longest is not None and (last - first).days > longest:
        last = first + datetime.timedelta(days=longest)
    return first.isoformat(), last.isoformat()


def _is_uuid(value):
    return isinstance(value, str) and len(value) == 36 and value.count("-") == 4


def _real_lines(lines):
    """The lines with real, distinct product ids (as many lines as products at most)."""
    if not isinstance(lines, list) or not lines or not all(isinstance(line, dict) for line in lines):
        return [{"productId": PRODUCT_IDS[0], "quantity": 1}]
    lines = lines[: len(PRODUCT_IDS)]
    for line, product_id in zip(lines, PRODUCT_IDS):
        if _is_uuid(line.get("productId")):
            line["productId"] = product_id
    return lines


@schemathesis.hook
def before_call(context, case, kwargs):
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return
    operation = (case.method.upper(), case.path)
    if operation == ("GET", "/api/admin/availability") and isinstance(case.query, dict):
        case.query["start"], case.query["end"] = _ordered(case.query.get("start"), case.query.get("end"), 366)
    body = case.body if isinstance(case.body, dict) else None
    if body is None:
        return
    if operation in (("POST", "/api/admin/blackout-dates"), ("POST", "/api/admin/blackout-impact")):
        body["startDate"], body["endDate"] = _ordered(body.get("startDate"), body.get("endDate"))
    elif operation == ("POST", "/api/admin/availability") and _is_uuid(body.get("serviceId")) and SERVICE_IDS:
        body["serviceId"] = SERVICE_IDS[hash(body["serviceId"]) % len(SERVICE_IDS)]
    elif operation == ("POST", "/api/bookings") and body.get("checkOut") is not None:
        check_in = _date(body.get("date"))
        if body.get("service") == "accommodation" and check_in is not None:
            nights = 1 + hash(body["checkOut"]) % 14
            body["checkOut"] = (check_in + datetime.timedelta(days=nights)).isoformat()
        else:
            body["checkOut"] = None
    elif operation == ("POST", "/api/orders"):
        items = body.get("items")
        if isinstance(items, str):
            # The text's structure is beyond a pattern: valid text is JSON of the list.
            try:
                lines = json.loads(items)
            except ValueError:
                lines = None
            body["items"] = json.dumps(_real_lines(lines))
        else:
            body["items"] = _real_lines(items)
