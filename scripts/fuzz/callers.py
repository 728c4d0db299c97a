"""Signs up the callers scripts/fuzz.sh fuzzes the API as, the way people do it.

For each role: the built-in sign-up, the verification link from the server's outbox
(`<data-dir>/outbox/*.eml`, where mail goes without SMTP), and the exchange of the
identity token for an access token (docs/identity.md). The admin is a buyer whose
address the server's ADMIN_EMAILS names: proving it makes them admin.

    python callers.py BASE_URL DATA_DIR ADMIN_EMAIL

prints one `role access-token` line per role: buyer, seller, admin.
"""

import email
import email.policy
import pathlib
import re
import sys
import time

import requests

PASSWORD = "Dhaka#2026"


def call(method, url, token=None, body=None, expect=200):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = requests.request(method, url, json=body, headers=headers, timeout=30)
    if answer.status_code != expect:
        sys.exit(f"{method} {url} answered {answer.status_code}, not {expect}: {answer.text}")
    return answer.json() if answer.content else None


def mailed_token(outbox, to, kind):
    """The token of the newest `kind` link mailed to `to`, waiting up to ten seconds."""
    pattern = re.compile(rf"/{kind}\?token=([A-Za-z0-9_-]{{43}})")
    deadline = time.monotonic() + 10
    while True:
        found = None
        for path in sorted(outbox.glob("*.eml")) if outbox.is_dir() else []:
            mail = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            if to not in str(mail["To"]):
                continue
            for part in mail.walk():
                if part.get_content_maintype() == "text":
                    match = pattern.search(part.get_content())
                    if match:
                        found = match.group(1)
        if found:
            return found
        if time.monotonic() > deadline:
            sys.exit(f"no {kind} mail reached {to} within 10 s in {outbox}")
        time.sleep(0.1)


def signed_in(api, outbox, address, role, expected_role):
    """A new account with a proven address, signed in: its access token."""
    identity = call("POST", f"{api}/auth/signup", body={"email": address, "password": PASSWORD}, expect=201)
    token = mailed_token(outbox, address, "verify-email")
    call("POST", f"{api}/auth/verify-email", body={"token": token, "password": PASSWORD})
    session = call(
        "PUT",
        f"{api}/users/{address}",
        token=identity["idToken"],
        body={"name": f"Fuzz {expected_role}", "email": address, "role": role},
    )
    if session["user"]["role"] != expected_role:
        sys.exit(f"{address} signed in as {session['user']['role']}, not {expected_role}")
    return session["token"]


def main():
    base, data_dir, admin_email = sys.argv[1:4]
    api = f"{base}/api"
    outbox = pathlib.Path(data_dir) / "outbox"
    callers = [
        ("buyer", "buyer@fuzz.bikehaat.test", "buyer", "buyer"),
        ("seller", "seller@fuzz.bikehaat.test", "seller", "seller"),
        ("admin", admin_email, "buyer", "admin"),
    ]
    for name, address, role, expected in callers:
        print(name, signed_in(api, outbox, address, role, expected))


if __name__ == "__main__":
    main()
