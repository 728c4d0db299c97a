-- The marketplace: identities of the built-in sign-in provider, users, categories,
-- listings, reports, adverts, bookings and payments. Money is integer cents.

CREATE TABLE identities (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email         TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL
);

CREATE TABLE users (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- The identity provider's subject ("local:<id>" or a Firebase uid): who signed in.
    subject    TEXT NOT NULL UNIQUE,
    email      TEXT NOT NULL UNIQUE,
    name       TEXT NOT NULL,
    image      TEXT NOT NULL,
    role       TEXT NOT NULL CHECK (role IN ('buyer', 'seller', 'admin')),
    verified   BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX users_by_role ON users (role, id);

CREATE TABLE categories (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    image      TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE products (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    category_id    BIGINT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    seller_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name           TEXT NOT NULL,
    image          TEXT NOT NULL,
    condition      TEXT NOT NULL,
    color          TEXT NOT NULL,
    description    TEXT NOT NULL,
    location       TEXT NOT NULL,
    original_price BIGINT NOT NULL CHECK (original_price > 0),
    resale_price   BIGINT NOT NULL CHECK (resale_price > 0),
    purchase_year  INTEGER NOT NULL,
    years_of_use   INTEGER NOT NULL CHECK (years_of_use >= 0),
    seller_phone   TEXT NOT NULL,
    -- A bike sells once: set by the conditional update that records its payment.
    sold           BOOLEAN NOT NULL DEFAULT FALSE,
    posted_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX products_by_category ON products (category_id, id);
CREATE INDEX products_by_seller ON products (seller_id, id);

CREATE TABLE reports (
    product_id  BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    reporter_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reported_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (product_id, reporter_id)
);
CREATE INDEX reports_by_reporter ON reports (reporter_id);

CREATE TABLE adverts (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id BIGINT NOT NULL UNIQUE REFERENCES products (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE orders (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    product_id       BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    buyer_id         BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    buyer_phone      TEXT NOT NULL,
    meeting_location TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('booked', 'paid', 'cancelled')),
    created_at       TIMESTAMPTZ NOT NULL
);
-- One active booking per buyer per bike, and one paid booking per bike.
CREATE UNIQUE INDEX orders_one_active_per_buyer ON orders (product_id, buyer_id) WHERE status <> 'cancelled';
CREATE UNIQUE INDEX orders_one_paid_per_product ON orders (product_id) WHERE status = 'paid';
CREATE INDEX orders_by_buyer ON orders (buyer_id, id);

-- Payment intents of the built-in test-mode card provider (Stripe keeps its own).
CREATE TABLE test_payment_intents (
    id            TEXT PRIMARY KEY,
    client_secret TEXT NOT NULL UNIQUE,
    order_id      BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    amount        BIGINT NOT NULL CHECK (amount > 0),
    currency      TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('requires_payment_method', 'succeeded')),
    created_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX test_payment_intents_by_order ON test_payment_intents (order_id);

-- Payments outlive the listing, booking and buyer they were for: the references are
-- cleared on delete, the record and its figures stay.
CREATE TABLE payments (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    order_id       BIGINT UNIQUE REFERENCES orders (id) ON DELETE SET NULL,
    product_id     BIGINT UNIQUE REFERENCES products (id) ON DELETE SET NULL,
    buyer_id       BIGINT REFERENCES users (id) ON DELETE SET NULL,
    transaction_id TEXT NOT NULL UNIQUE,
    amount         BIGINT NOT NULL CHECK (amount > 0),
    currency       TEXT NOT NULL,
    email          TEXT NOT NULL,
    product_name   TEXT NOT NULL,
    paid_at        TIMESTAMPTZ NOT NULL
);
