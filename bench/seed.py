#!/usr/bin/env python3
"""Seeds a running BikeHaat for the HTTP benchmark: an admin, a seller with 50 listings
in one category, and a buyer. Prints the buyer's access token and the category id, one
per line.

    bench/seed.py BASE_URL GRANT_COMMAND...

GRANT_COMMAND is run with the admin's e-mail appended once they have signed up (for
example `bikehaat admin grant --data-dir DIR`): only proven addresses become admins
through ADMIN_EMAILS, and nobody proves one here."""
import json
import subprocess
import sys
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


def person(email, name, role):
    id_token = call("POST", "/api/auth/signup", {"email": email, "password": PASSWORD})["idToken"]
    return call("PUT", "/api/users/" + email, {"name": name, "email": email, "role": role}, id_token)["token"]


def session(email):
    id_token = call("POST", "/api/auth/login", {"email": email, "password": PASSWORD})["idToken"]
    return call("PUT", "/api/users/" + email, {"name": "Bench Admin", "email": email}, id_token)["token"]


person("admin@bench.test", "Bench Admin", "buyer")
subprocess.run(GRANT + ["admin@bench.test"], check=True, stdout=subprocess.DEVNULL)
admin = session("admin@bench.test")
seller = person("seller@bench.test", "Bench Motors", "seller")
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
