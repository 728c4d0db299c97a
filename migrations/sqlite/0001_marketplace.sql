-- SQLite twin of migrations/postgres/0001_marketplace.sql (same version, same shape).
-- The marketplace: identities of the built-in sign-in provider, users, categories,
-- listings, reports, adverts, bookings and payments. Money is integer cents.

CREATE TABLE identities (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    email         TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at    TEXT NOT NULL
) STRICT;

CREATE TABLE users (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    -- The identity provider's subject ("local:<id>" or a Firebase uid): who signed in.
    subject    TEXT NOT NULL UNIQUE,
    email      TEXT NOT NULL UNIQUE,
    name       TEXT NOT NULL,
    image      TEXT NOT NULL,
    role       TEXT NOT NULL CHECK (role IN ('buyer', 'seller', 'admin')),
    verified   INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
) STRICT;
CREATE INDEX users_by_role ON users (role, id);

CREATE TABLE categories (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT NOT NULL UNIQUE,
    image      TEXT NOT NULL,
    created_at TEXT NOT NULL
) STRICT;

CREATE TABLE products (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    category_id    INTEGER NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    seller_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name           TEXT NOT NULL,
    image          TEXT NOT NULL,
    condition      TEXT NOT NULL,
    color          TEXT NOT NULL,
    description    TEXT NOT NULL,
    location       TEXT NOT NULL,
    original_price INTEGER NOT NULL CHECK (original_price > 0),
    resale_price   INTEGER NOT NULL CHECK (resale_price > 0),
    purchase_year  INTEGER NOT NULL,
    years_of_use   INTEGER NOT NULL CHECK (years_of_use >= 0),
    seller_phone   TEXT NOT NULL,
    -- A bike sells once: set by the conditional update that records its payment.
    sold           INTEGER NOT NULL DEFAULT 0,
    posted_at      TEXT NOT NULL
) STRICT;
CREATE INDEX products_by_category ON products (category_id, id);
CREATE INDEX products_by_seller ON products (seller_id, id);

CREATE TABLE reports (
    product_id  INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    reporter_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reported_at TEXT NOT NULL,
    PRIMARY KEY (product_id, reporter_id)
) STRICT;
CREATE INDEX reports_by_reporter ON reports (reporter_id);

CREATE TABLE adverts (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id INTEGER NOT NULL UNIQUE REFERENCES products (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL
) STRICT;

CREATE TABLE orders (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id       INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    buyer_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    buyer_phone      TEXT NOT NULL,
    meeting_location TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('booked', 'paid', 'cancelled')),
    created_at       TEXT NOT NULL
) STRICT;
-- One active booking per buyer per bike, and one paid booking per bike.
CREATE UNIQUE INDEX orders_one_active_per_buyer ON orders (product_id, buyer_id) WHERE status <> 'cancelled';
CREATE UNIQUE INDEX orders_one_paid_per_product ON orders (product_id) WHERE status = 'paid';
CREATE INDEX orders_by_buyer ON orders (buyer_id, id);

-- Payment intents of the built-in test-mode card provider (Stripe keeps its own).
CREATE TABLE test_payment_intents (
    id            TEXT PRIMARY KEY,
    client_secret TEXT NOT NULL UNIQUE,
    order_id      INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    amount        INTEGER NOT NULL CHECK (amount > 0),
    currency      TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('requires_payment_method', 'succeeded')),
    created_at    TEXT NOT NULL
) STRICT;
CREATE INDEX test_payment_intents_by_order ON test_payment_intents (order_id);

-- Payments outlive the listing, booking and buyer they were for: the references are
-- cleared on delete, the record and its figures stay.
CREATE TABLE payments (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id       INTEGER UNIQUE REFERENCES orders (id) ON DELETE SET NULL,
    product_id     INTEGER UNIQUE REFERENCES products (id) ON DELETE SET NULL,
    buyer_id       INTEGER REFERENCES users (id) ON DELETE SET NULL,
    transaction_id TEXT NOT NULL UNIQUE,
    amount         INTEGER NOT NULL CHECK (amount > 0),
    currency       TEXT NOT NULL,
    email          TEXT NOT NULL,
    product_name   TEXT NOT NULL,
    paid_at        TEXT NOT NULL
) STRICT;
