"""A walk through every edge of the money (`just money-check`).

Run by scripts/money-check.sh against a fresh server whose payments go to
localstripe. Through the API, as the guest's browser and the owner's
dashboard do: orders paid, refunded, never paid and closed; a gift card sold
and spent on an order; deposits saved, charged, refunded and kept; bookings
that hold money refused deletion, then cancelled and deleted; the
reconciliation. Then every figure the dashboard shows beside the same figure
computed from the provider's own payments and refunds, and the exit status
says whether they all agree. Standard library only.
"""

import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

BASE = os.environ["MONEY_BASE_URL"].rstrip("/")
STRIPE = os.environ["MONEY_STRIPE_URL"].rstrip("/")
SECRET_KEY = "sk_test_money"


def call(method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        raw = error.read()
        return error.code, json.loads(raw) if raw else None


def expect(status, answer, wanted, what):
    if status != wanted:
        sys.exit(f"{what}: expected {wanted}, got {status}: {answer}")
    return answer


def stripe(method, path, form=None):
    data = None if form is None else urllib.parse.urlencode(form).encode()
    request = urllib.request.Request(STRIPE + path, data=data, method=method)
    request.add_header("Authorization", f"Bearer {SECRET_KEY}")
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def card(number="4242424242424242"):
    """A payment method made at the provider, as the guest's browser makes it."""
    return stripe("POST", "/v1/payment_methods", {"type": "card", "card[number]": number,
                                                  "card[exp_month]": "12", "card[exp_year]": "2030",
                                                  "card[cvc]": "123"})["id"]


def cents(text):
    whole, _, fraction = text.partition(".")
    sign = -1 if whole.startswith("-") else 1
    return sign * (abs(int(whole)) * 100 + int((fraction or "0").ljust(2, "0")))


def dollars(amount):
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount) // 100:,}.{abs(amount) % 100:02d}"


def step(text):
    print(f"· {text}")


status, login = call("POST", "/api/admin/login", {"email": os.environ["MONEY_ADMIN_EMAIL"],
                                                   "password": os.environ["MONEY_ADMIN_PASSWORD"]})
TOKEN = expect(status, login, 200, "login")["token"]
products = [p for p in call("GET", "/api/products")[1] if p.get("stock") is None]
BUYER = {"firstName": "Grace", "lastName": "Hopper", "email": "grace@example.com", "phone": None,
         "address": "1 Pine Ridge Rd", "city": "Idyllwild", "state": "CA", "zip": "92549"}


def place(quantity, gift_card=None):
    lines = [{"productId": products[0]["id"], "quantity": quantity}]
    quote = expect(*call("POST", "/api/checkout/quote", {"items": lines, "giftCard": gift_card}), 200, "quote")
    items = [{"productId": products[0]["id"], "productName": products[0]["name"],
              "price": products[0]["price"], "quantity": quantity}]
    body = {**BUYER, "items": json.dumps(items), "subtotal": quote["subtotal"], "tax": quote["tax"],
            "shipping": quote["shipping"], "total": quote["total"], "giftCard": gift_card}
    return expect(*call("POST", "/api/orders", body), 201, "order")


def pay(order, number="4242424242424242"):
    body = {"paymentMethodId": card(number), "token": order["paymentToken"]}
    return expect(*call("POST", f"/api/orders/{order['id']}/payment", body), 200, "payment")


def admin(method, path, body=None, wanted=200):
    return expect(*call(method, path, body, TOKEN), wanted, f"{method} {path}")


days = 30


def book():
    global days
    days += 1
    date = time.strftime("%Y-%m-%d", time.localtime(time.time() + days * 86400))
    body = {"firstName": "Ada", "lastName": "Lovelace", "email": "ada@example.com", "service": "massage",
            "date": date, "time": "9:00", "notes": None, "paymentMethodId": card()}
    return expect(*call("POST", "/api/bookings", body), 201, "booking")


print("The walk")
gift_card_orders = set()
a = place(2)
pay(a)
step(f"order A {a['id'][:8]} placed and paid {dollars(cents(a['total']))}")
b = place(1)
step(f"order B {b['id'][:8]} placed, never paid")
c = place(3)
pay(c)
admin("POST", f"/api/admin/orders/{c['id']}/refunds", {"reason": "Wrong size"}, 201)
step(f"order C {c['id'][:8]} paid {dollars(cents(c['total']))}, then refunded in full")
sale = expect(*call("POST", "/api/gift-cards", {"amount": 60, "recipientName": "Maya Chen",
                                                 "recipientEmail": "maya@example.com", "firstName": "Daniel",
                                                 "lastName": "Rivera", "email": "daniel@example.com",
                                                 "deliverOn": time.strftime("%Y-%m-%d")}), 201, "gift card")
pay(sale)
gift_card_orders.add(sale["id"])
# The card's code is in the recipient's mail only (the dashboard shows its last four).
mail = subprocess.run(["psql", os.environ.get("MONEY_DATABASE_URL", ""), "-Atc",
                       "SELECT text_body FROM outbox_messages WHERE template = 'gift_card_delivered'"],
                      capture_output=True, text=True).stdout if os.environ.get("MONEY_DATABASE_URL") else ""
code = re.search(r"Your code: (\S{24})", mail)
step(f"gift card sold for $60.00 (order {sale['id'][:8]})")
if code:
    d = place(4, code.group(1))
    pay(d)
    step(f"order D {d['id'][:8]} paid $60.00 by the gift card and {dollars(cents(d['payment']['amount']))} by card")
e = place(1)
admin("PUT", f"/api/admin/orders/{e['id']}/status", {"status": "cancelled"})
step(f"order E {e['id'][:8]} never paid, cancelled by the owner (closed as never paid)")
f = place(1)
pay(f)
refused = expect(*call("PUT", f"/api/admin/orders/{f['id']}/status", {"status": "cancelled"}, TOKEN), 409, "cancel")
step(f"order F {f['id'][:8]} paid; cancelling it without a word: {refused['code']} — {refused['message']}")
admin("PUT", f"/api/admin/orders/{f['id']}/status", {"status": "cancelled", "payment": "keep"})
step("order F cancelled, its payment kept")

kept = book()
admin("PUT", f"/api/admin/bookings/{kept['id']}", {"status": "confirmed"})
step(f"booking K {kept['id'][:8]}: deposit $25.00 charged on confirmation")
refused = expect(*call("DELETE", f"/api/admin/bookings/{kept['id']}", token=TOKEN), 409, "delete")
step(f"deleting K: {refused['code']} — {refused['message']}")
admin("PUT", f"/api/admin/bookings/{kept['id']}", {"status": "cancelled"})
admin("DELETE", f"/api/admin/bookings/{kept['id']}", wanted=204)
step("K cancelled by the owner (deposit kept), then deleted: its payment's record stays")
given = book()
admin("PUT", f"/api/admin/bookings/{given['id']}", {"status": "confirmed"})
admin("POST", f"/api/admin/bookings/{given['id']}/deposit/refunds", {}, 201)
step(f"booking R {given['id'][:8]}: deposit charged, then refunded")
saved = book()
step(f"booking S {saved['id'][:8]}: card saved for its deposit, nothing charged")

print("\nWhat the provider holds, computed from its payments and refunds")
intents = stripe("GET", "/v1/payment_intents?limit=100")["data"]
by_source = {"shop": 0, "deposit": 0, "gift_card": 0}
refunded = 0
for intent in intents:
    if intent["status"] != "succeeded":
        continue
    given_back = sum(charge.get("amount_refunded", 0) for charge in intent.get("charges", {}).get("data", []))
    metadata = intent.get("metadata", {})
    source = "deposit" if metadata.get("booking") else (
        "gift_card" if metadata.get("order") in gift_card_orders else "shop")
    by_source[source] += intent["amount"] - given_back
    refunded += given_back
provider_total = sum(by_source.values())

summary = admin("GET", "/api/admin/summary")
month = summary["revenueSources"]["thisMonth"]
rows = [
    ("Total Revenue", cents(summary["revenue"]), provider_total),
    ("this month", cents(summary["revenueThisMonth"]), provider_total),
    ("  shop", cents(month["shop"]), by_source["shop"]),
    ("  deposits", cents(month["deposits"]), by_source["deposit"]),
    ("  gift cards sold", cents(month["giftCards"]), by_source["gift_card"]),
    ("  refunded", cents(month["refunded"]), refunded),
]
print(f"\n{'figure':<22}{'dashboard':>14}{'from Stripe':>14}")
differ = False
for name, ours, theirs in rows:
    mark = "" if ours == theirs else "   <- differs"
    differ |= ours != theirs
    print(f"{name:<22}{dollars(ours):>14}{dollars(theirs):>14}{mark}")
paid_orders = sum(1 for o in admin("GET", "/api/orders") if o["payment"]["state"] not in
                  ("awaiting_payment", "requires_action", "expired"))
print(f"{'Total Orders':<22}{summary['orders']:>14}{paid_orders:>14}{'' if summary['orders'] == paid_orders else '   <- differs'}")
differ |= summary["orders"] != paid_orders
print(f"{'never paid (left out)':<22}{summary['ordersNeverPaid']:>14}")

today = time.strftime("%Y-%m-%d", time.gmtime())
check = admin("GET", f"/api/admin/payments/reconciliation?from={today}&to={today}")
print(f"\nCheck payments ({today}, UTC): {len(check['differences'])} difference(s)")
for total in check["totals"]:
    print(f"  {total['source']:<10} {total['payments']} payment(s): charged ${total['chargedHere']} here, "
          f"${total['chargedThere']} at Stripe; refunded ${total['refundedHere']} here, ${total['refundedThere']} at Stripe")
for difference in check["differences"]:
    print(f"  - {difference['kind']}: {difference['detail']}")
differ |= bool(check["differences"])
print("\nEvery figure agrees with the provider." if not differ else "\nSome figures differ (marked above).")
sys.exit(1 if differ else 0)
