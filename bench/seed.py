#!/usr/bin/env python3
"""Seeds a running BikeHaat for the HTTP benchmark: an admin, a seller with 50 listings
in one category, and a buyer. Prints the buyer's access token and the category id, one
per line.

    bench/seed.py BASE_URL GRANT_COMMAND...

GRANT_COMMAND, when given, is run with the admin's e-mail appended once they have signed
up (for example `bikehaat admin grant --data-dir DIR`); without it the admin proves their
address with the mailed link, which makes them admin where the server's ADMIN_EMAILS
names admin@bench.test. The seller and the buyer prove theirs (listing and booking wait
for it) the same way, and the seller confirms the listings' phone with the code from the
SMS. Mails and SMS are read from the outbox under BENCH_DATA_DIRS (the server's
--data-dir)."""
import email
import email.policy
import json
import os
import pathlib
import re
import subprocess
import sys
import time
import urllib.request

BASE = sys.argv[1]
GRANT = sys.argv[2:]
PASSWORD = "Bench#2026"


def call(method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(BASE + path, data=data, method=method)
    req.add_header("content-type", "application/json")
    if token:
        req.add_header("authorization", "Bearer " + token)
    with urllib.request.urlopen(req) as resp:
        return json.loads(resp.read() or b"null")


def mailed_token(to, kind):
    """The token of the newest `kind` link mailed to `to`, waiting for it up to 10 s."""
    outboxes = [pathlib.Path(d) / "outbox" for d in os.environ.get("BENCH_DATA_DIRS", "").split(":") if d]
    if not outboxes:
        sys.exit("seed.py: set BENCH_DATA_DIRS to the server's --data-dir to read its mail")
    deadline = time.time() + 10
    while True:
        for outbox in outboxes:
            for path in sorted(outbox.glob("*.eml"), reverse=True):
                mail = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
                if mail["To"] != to:
                    continue
                text = mail.get_body(preferencelist=("plain",)).get_content()
                found = re.search(r"/" + kind + r"\?token=([A-Za-z0-9_-]+)", text)
                if found:
                    return found.group(1)
        if time.time() > deadline:
            sys.exit(f"seed.py: no {kind} mail reached {to} within 10 s")
        time.sleep(0.1)


def texted_code(number):
    """The code in the newest SMS to `number` (+8801…) in the outbox, waiting up to 10 s."""
    outboxes = [pathlib.Path(d) / "outbox" for d in os.environ.get("BENCH_DATA_DIRS", "").split(":") if d]
    deadline = time.time() + 10
    while True:
        for outbox in outboxes:
            for path in sorted(outbox.glob("*.sms"), reverse=True):
                head, _, text = path.read_text().partition("\n\n")
                if head == "To: " + number and re.match(r"\d{6}", text):
                    return text[:6]
        if time.time() > deadline:
            sys.exit(f"seed.py: no SMS reached {number} within 10 s")
        time.sleep(0.1)


def confirm_phone(token, phone):
    """Confirms `phone` for the account of `token` with the code from the SMS: listing
    needs it."""
    number = call("POST", "/api/phone", {"phone": phone}, token)["phone"]
    call("POST", "/api/phone/confirm", {"code": texted_code(number)}, token)


def person(address, name, role, prove=True):
    id_token = call("POST", "/api/auth/signup", {"email": address, "password": PASSWORD})["idToken"]
    if prove:
        token = mailed_token(address, "verify-email")
        call("POST", "/api/auth/verify-email", {"token": token, "password": PASSWORD})
    return call("PUT", "/api/users/" + address, {"name": name, "email": address, "role": role}, id_token)["token"]


def session(email):
    id_token = call("POST", "/api/auth/login", {"email": email, "password": PASSWORD})["idToken"]
    return call("PUT", "/api/users/" + email, {"name": "Bench Admin", "email": email}, id_token)["token"]


if GRANT:
    person("admin@bench.test", "Bench Admin", "buyer", prove=False)
    subprocess.run(GRANT + ["admin@bench.test"], check=True, stdout=subprocess.DEVNULL)
else:
    # No grant command: the server's ADMIN_EMAILS names the admin, who becomes one by
    # proving the address.
    person("admin@bench.test", "Bench Admin", "buyer")
admin = session("admin@bench.test")
seller = person("seller@bench.test", "Bench Motors", "seller")
confirm_phone(seller, "+880 1711-234567")
buyer = person("buyer@bench.test", "Bench Buyer", "buyer")
category = call("POST", "/api/categories/admin@bench.test",
                {"categoryName": "Sports Bikes", "categoryImage": "/uploads/x.png"}, admin)["insertedId"]
for i in range(50):
    call("PUT", "/api/products", {
        "categoryId": category, "productName": f"Yamaha R15 V4 #{i}", "productImage": "/uploads/x.png",
        "resalePrice": 4100 + i, "originalPrice": 5200, "purchaseYear": 2022, "yearsOfUse": 2,
        "condition": "Excellent", "location": "Mirpur 10, Dhaka", "color": "Racing Blue",
        "sellerPhone": "+880 1711-234567",
        "description": "Single owner, serviced at the Yamaha centre every 3,000 km. All papers up to date.",
    }, seller)
listed = call("GET", f"/api/products/{category}", token=buyer)
assert len(listed) == 50, len(listed)
print(buyer)
print(category)
