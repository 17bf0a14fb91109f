"""Test data the schema cannot state, for the contract fuzzer's valid cases.

A JSON Schema describes each field; a few rules relate fields to each other or
to stored records, and a schema-valid request that breaks one is rightly
refused with 400. Before each *positive* case is sent, these hooks make it
meet those rules, so the check that valid requests are accepted tests what
it means to. Negative cases are sent as generated. The rules:

- an availability range (and a reconciliation's) ends on or after its start,
  at most 366 days later; the capacity overview's, at most 61 days later;
- a blackout period (saved or only asked about) ends on or after its start;
- an availability entry names an existing service;
- an order's lines name existing products, each at most once, and its
  items given as text are JSON of that list;
- a booking's (or its quote's) check-out is for the Tiny Home only, 1 to 14 nights after its date;
- a service's deposit is an amount or a percentage, not both;
- a payment method id names one the provider has (the guest's browser made
  it there with a test card): a booking of a service with a deposit, and an
  order's payment, bring a fresh one;
- a webhook is signed by the provider (the test secret), as Stripe signs;
- a checkout quote's lines name existing products, as an order's do;
- a promo code takes a percent or an amount off (exactly one), and its
  dates end on or after they start;
- a gift card is bought for whole dollars from $25 to $1,000 or as an
  offered treatment (not both), delivered from today to a year ahead, and a
  promotional one expires (if it does) on or after today;
- an order or a booking pays with a gift card only when it names a card
  that exists (none is known to the fuzzer: it sends none), and the owner
  redeems more than $0.00 from a card;
- a promo code's optional dates are real days (their pattern allows "");
- a booking takes a waitlist offer only with an offer's signed token (none
  is known to the fuzzer: it sends none);
- a waitlist wish begins today or later and ends on or after it, at most 31
  days on (for the Tiny Home: a check-out 1 to 14 nights after check-in);
- the owner's reminder settings: a stay's second reminder comes fewer days
  before arrival than its first (a field left out keeps the stored value,
  so a case naming one of the two names both);
- a paged list (and its export) starts after a row or before one, not both;
  its days end on or after they start; a search is empty or at least three
  characters once trimmed (NUL dropped), as the database's trigram index
  needs;
- an upload's bytes are a picture of the type its `Content-Type` names (a
  schema can say "binary", not "a PNG"): valid uploads send a small PNG of
  their own colour as `image/png` (the other types are the API tests'
  business, `crates/server/tests/api/media.rs`);
- an intake form's questions have words and distinct ids, a choice 2 to 12
  distinct options, flags naming an answer the question can have ("yes",
  or an option) and an unwise answer its words, and at most one consent,
  last;
- a contact message is read, marked and answered on a message that exists
  (one of the fuzzer's own, sent once through the contact form), so valid
  replies reach their transaction and their mail rather than a 404.
"""

import datetime
import hashlib
import hmac
import json
import os
import time
import urllib.parse
import urllib.request
import struct
import zlib
import zoneinfo

import schemathesis

BASE_URL = os.environ["CONTRACT_BASE_URL"].rstrip("/")
STRIPE_URL = os.environ["CONTRACT_STRIPE_URL"].rstrip("/")
WEBHOOK_SECRET = os.environ["CONTRACT_WEBHOOK_SECRET"]


def _get(path):
    with urllib.request.urlopen(BASE_URL + path) as response:
        return json.load(response)


def _service_ids():
    """Read at each use: the fuzzer may delete services it created."""
    return [service["id"] for service in _get("/api/services")]


PRODUCT_IDS = [product["id"] for product in _get("/api/products")]


def _payment_method():
    """A card payment method at the provider, as the guest's browser makes one."""
    form = urllib.parse.urlencode({
        "type": "card", "card[number]": "4242424242424242", "card[exp_month]": "12",
        "card[exp_year]": "2030", "card[cvc]": "123",
    }).encode()
    request = urllib.request.Request(STRIPE_URL + "/v1/payment_methods", data=form, method="POST")
    # localstripe takes payment methods only with a key that looks secret (not the server's).
    request.add_header("Authorization", "Bearer sk_test_browser_stand_in")
    with urllib.request.urlopen(request) as response:
        return json.load(response)["id"]


_MESSAGE_IDS = []


def _message_id():
    """The fuzzer's own contact message, sent once (the fuzzer deletes only ids it makes up)."""
    if not _MESSAGE_IDS:
        body = {"firstName": "Fuzz", "lastName": "Writer", "email": "fuzz@example.com", "message": "Hello"}
        request = urllib.request.Request(
            BASE_URL + "/api/contact-messages", data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request) as response:
            _MESSAGE_IDS.append(json.load(response)["id"])
    return _MESSAGE_IDS[0]


MESSAGE_OPERATIONS = {
    ("GET", "/api/admin/contact-messages/{id}"),
    ("PUT", "/api/admin/contact-messages/{id}/state"),
    ("POST", "/api/admin/contact-messages/{id}/replies"),
}


def _signature(payload):
    """The Stripe-Signature header for `payload` (bytes), signed now."""
    timestamp = int(time.time())
    signed = hmac.new(WEBHOOK_SECRET.encode(), f"{timestamp}.".encode() + payload, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={signed}"


def _today():
    """The retreat's date (California), which a delivery date may not precede."""
    return datetime.datetime.now(zoneinfo.ZoneInfo("America/Los_Angeles")).date()


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


def _whole(value):
    """A whole number as the API reads one (60, 60.0 or "60"), else None."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return int(number) if number.is_integer() else None


def _stay_days_ordered(reminders):
    first, second = _whole(reminders.get("stayFirstDays")), _whole(reminders.get("staySecondDays"))
    if first is None and second is None:
        return
    if first is None:
        first = min(30, second + 1)
    if second is None or second >= first:
        second = hash(str(reminders.get("staySecondDays"))) % first
    reminders["stayFirstDays"], reminders["staySecondDays"] = first, second


def _is_uuid(value):
    return isinstance(value, str) and len(value) == 36 and value.count("-") == 4


def _positive_amount(value):
    try:
        return float(value) > 0
    except (TypeError, ValueError):
        return False


def _real_lines(lines):
    """The lines with real, distinct product ids (as many lines as products at most)."""
    if not isinstance(lines, list) or not lines or not all(isinstance(line, dict) for line in lines):
        return [{"productId": PRODUCT_IDS[0], "quantity": 1}]
    lines = lines[: len(PRODUCT_IDS)]
    for line, product_id in zip(lines, PRODUCT_IDS):
        if _is_uuid(line.get("productId")):
            line["productId"] = product_id
    return lines


LIST_OPERATIONS = {
    ("GET", path)
    for path in (
        "/api/admin/orders", "/api/admin/bookings", "/api/admin/contact-messages", "/api/admin/subscribers",
        "/api/admin/outbox", "/api/admin/activity", "/api/admin/exports/orders.csv",
        "/api/admin/exports/bookings.csv", "/api/admin/exports/contact-messages.csv",
        "/api/admin/exports/newsletter-subscriptions.csv",
    )
}


def _readable_list_query(query):
    if "after" in query and "before" in query:
        del query["before"]
    query["from"], query["to"] = _ordered(query.get("from"), query.get("to"))
    search = query.get("q")
    if isinstance(search, str) and 0 < len(search.replace("\0", "").strip()) < 3:
        query["q"] = search + "abc"


def _png(seed):
    """A 4 × 4 PNG of one colour chosen by `seed`."""
    colour = hashlib.sha256(str(seed).encode()).digest()[:3]

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\0" + colour * 4 for _ in range(4))
    header = struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def _valid_intake_form(body):
    if not str(body.get("title") or "").strip():
        body["title"] = "Intake"
    questions = [q for q in body["questions"] if isinstance(q, dict)] or [{"kind": "text"}]
    last = len(questions) - 1
    for i, q in enumerate(questions):
        q["id"] = f"q{i}"
        if not str(q.get("prompt") or "").strip():
            q["prompt"] = f"Question {i}"
        if q.get("kind") == "consent" and i != last:
            q["kind"] = "text"
        if q.get("kind") == "choice":
            q["options"] = [f"Option {n}" for n in range(2 + hash(str(q.get("options"))) % 3)]
        answers = {"yes_no": ["yes", "no"], "choice": q.get("options") or []}.get(q.get("kind"), [])
        for flag in ("reviewWhen", "unwiseWhen"):
            if q.get(flag) is not None:
                q[flag] = answers[0] if answers else None
        if q.get("unwiseWhen") is None:
            q["unwiseReason"] = None
        elif not str(q.get("unwiseReason") or "").strip():
            q["unwiseReason"] = "Not advised."
    body["questions"] = questions


@schemathesis.hook
def before_call(context, case, kwargs):
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive:
        return
    operation = (case.method.upper(), case.path)
    if operation == ("GET", "/api/admin/availability") and isinstance(case.query, dict):
        case.query["start"], case.query["end"] = _ordered(case.query.get("start"), case.query.get("end"), 366)
    if operation == ("GET", "/api/admin/capacity") and isinstance(case.query, dict):
        case.query["start"], case.query["end"] = _ordered(case.query.get("start"), case.query.get("end"), 61)
    if operation in LIST_OPERATIONS and isinstance(case.query, dict):
        _readable_list_query(case.query)
        if case.query.get("from") is None:
            case.query.pop("from", None)
        if case.query.get("to") is None:
            case.query.pop("to", None)
    if operation == ("GET", "/api/admin/payments/reconciliation") and isinstance(case.query, dict):
        case.query["from"], case.query["to"] = _ordered(case.query.get("from"), case.query.get("to"), 366)
    if operation in MESSAGE_OPERATIONS and isinstance(case.path_parameters, dict):
        case.path_parameters["id"] = _message_id()
    if operation == ("POST", "/api/admin/media"):
        # A case whose body is meant to be wrong (a file sample of another type) is sent as generated.
        if any(info.mode.is_negative for info in (getattr(meta, "components", None) or {}).values()):
            return
        case.media_type = "image/png"
        case.body = _png(repr(case.body)[:200])
        return
    body = case.body if isinstance(case.body, dict) else None
    if body is None:
        return
    if operation == ("POST", "/api/payments/webhook"):
        # Sent as generated and signed over the bytes the transport sends
        # (requests serialises `json=` with the standard library's defaults).
        case.headers = {**(case.headers or {}), "Stripe-Signature": _signature(json.dumps(body).encode())}
        return
    if operation in (("POST", "/api/admin/blackout-dates"), ("POST", "/api/admin/blackout-impact")):
        body["startDate"], body["endDate"] = _ordered(body.get("startDate"), body.get("endDate"))
    elif operation == ("POST", "/api/admin/availability") and _is_uuid(body.get("serviceId")):
        service_ids = _service_ids()
        if service_ids:
            body["serviceId"] = service_ids[hash(body["serviceId"]) % len(service_ids)]
    elif operation in (("POST", "/api/services"), ("PUT", "/api/admin/services/{id}")):
        if body.get("depositAmount") not in (None, 0, "0", "0.00") and body.get("depositPercent") not in (None, 0):
            body["depositPercent"] = None
    elif operation == ("POST", "/api/orders/{id}/payment"):
        body["paymentMethodId"] = _payment_method()
    elif operation in (("POST", "/api/bookings"), ("POST", "/api/bookings/quote")):
        body.pop("giftCard", None)
        body.pop("offerToken", None)
        if body.get("checkOut") is not None:
            check_in = _date(body.get("date"))
            if body.get("service") == "accommodation" and check_in is not None:
                nights = 1 + hash(body["checkOut"]) % 14
                body["checkOut"] = (check_in + datetime.timedelta(days=nights)).isoformat()
            else:
                body["checkOut"] = None
        # Every demo service but the spa asks for a deposit.
        if operation == ("POST", "/api/bookings/quote"):
            pass
        elif body.get("paymentMethodId") is not None or body.get("service") != "spa":
            body["paymentMethodId"] = _payment_method()
    elif operation == ("POST", "/api/waitlist") and isinstance(body.get("wishes"), list):
        today = _today()
        for wish in body["wishes"]:
            if not isinstance(wish, dict):
                continue
            first = today + datetime.timedelta(days=hash(str(wish.get("from"))) % 300)
            if body.get("service") == "accommodation":
                last = first + datetime.timedelta(days=1 + hash(str(wish.get("to"))) % 14)
            else:
                last = first + datetime.timedelta(days=hash(str(wish.get("to"))) % 31)
            wish["from"], wish["to"] = first.isoformat(), last.isoformat()
    elif operation == ("POST", "/api/checkout/quote"):
        body["items"] = _real_lines(body.get("items"))
    elif operation == ("POST", "/api/admin/gift-cards/{id}/redeem"):
        if not _positive_amount(body.get("amount")):
            body["amount"] = "1.00"
    elif operation in (("POST", "/api/gift-cards"), ("POST", "/api/admin/gift-cards")):
        service_ids = _service_ids()
        if operation == ("POST", "/api/gift-cards") and body.get("serviceId") is not None and service_ids:
            body["serviceId"] = service_ids[hash(str(body["serviceId"])) % len(service_ids)]
            body["amount"] = None
        else:
            body.pop("serviceId", None)
            body["amount"] = 25 + hash(str(body.get("amount"))) % 976
        today = _today()
        body["deliverOn"] = (today + datetime.timedelta(days=hash(str(body.get("deliverOn"))) % 366)).isoformat()
        if body.get("expiresOn") is not None:
            body["expiresOn"] = (today + datetime.timedelta(days=hash(str(body["expiresOn"])) % 400)).isoformat()
    elif operation in (("POST", "/api/admin/promo-codes"), ("PUT", "/api/admin/promo-codes/{id}")):
        if body.get("percentOff") is not None:
            body["amountOff"] = None
        elif not _positive_amount(body.get("amountOff")):
            body["amountOff"] = None
            body["percentOff"] = 10
        # The optional dates' pattern (which also allows "" for none) cannot
        # say that a month has at most 12 months or 31 days.
        for field in ("startsOn", "endsOn"):
            if body.get(field) and _date(body[field]) is None:
                body[field] = (_today() + datetime.timedelta(days=hash(body[field]) % 365)).isoformat()
        if body.get("startsOn") and body.get("endsOn"):
            body["startsOn"], body["endsOn"] = _ordered(body.get("startsOn"), body.get("endsOn"))
    elif operation == ("PUT", "/api/admin/intake-forms/{service}") and isinstance(body.get("questions"), list):
        _valid_intake_form(body)
    elif operation == ("PUT", "/api/admin/visit-settings") and isinstance(body.get("reminders"), dict):
        _stay_days_ordered(body["reminders"])
    elif operation == ("POST", "/api/orders"):
        body.pop("giftCard", None)
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
