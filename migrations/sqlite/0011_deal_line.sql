-- SQLite twin of migrations/postgres/0011_deal_line.sql (same version, same shape).
-- SQLite cannot change a CHECK in place: the bookings move to a new table with the new
-- one, keeping every id and the counter behind them. Migrations run in a transaction,
-- where foreign keys cannot be turned off, and with them on, renaming a table carries
-- the references to it along and dropping it clears them. So the old bookings table is
-- renamed (payments and test intents now point at it), the new one made, and the two
-- tables that refer to bookings are made anew pointing at it, rows and counters kept;
-- then nothing points at the old bookings and it goes.
ALTER TABLE orders RENAME TO orders_old;
CREATE TABLE orders (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id       INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    buyer_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    buyer_phone      TEXT NOT NULL,
    meeting_location TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN (
        'waiting', 'reserved', 'cash', 'held', 'paid', 'completed',
        'declined', 'released', 'called_off', 'lapsed', 'cancelled')),
    created_at       TEXT NOT NULL,
    price            INTEGER NOT NULL DEFAULT 0,
    reserved_until   TEXT,
    reason           TEXT
) STRICT;
INSERT INTO orders (id, product_id, buyer_id, buyer_phone, meeting_location, status, created_at, price)
    SELECT id, product_id, buyer_id, buyer_phone, meeting_location,
           CASE status WHEN 'booked' THEN 'waiting' ELSE status END, created_at, price
      FROM orders_old;
DELETE FROM sqlite_sequence WHERE name = 'orders';
UPDATE sqlite_sequence SET name = 'orders' WHERE name = 'orders_old';

ALTER TABLE test_payment_intents RENAME TO test_payment_intents_old;
CREATE TABLE test_payment_intents (
    id            TEXT PRIMARY KEY,
    client_secret TEXT NOT NULL UNIQUE,
    order_id      INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    amount        INTEGER NOT NULL CHECK (amount > 0),
    currency      TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('requires_payment_method', 'succeeded')),
    created_at    TEXT NOT NULL
) STRICT;
INSERT INTO test_payment_intents SELECT * FROM test_payment_intents_old;
DROP TABLE test_payment_intents_old;
CREATE INDEX test_payment_intents_by_order ON test_payment_intents (order_id);

ALTER TABLE payments RENAME TO payments_old;
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
    paid_at        TEXT NOT NULL,
    captured       INTEGER NOT NULL DEFAULT 1
) STRICT;
INSERT INTO payments (id, order_id, product_id, buyer_id, transaction_id, amount, currency,
                      email, product_name, paid_at, captured)
    SELECT id, order_id, product_id, buyer_id, transaction_id, amount, currency, email,
           product_name, paid_at, captured FROM payments_old;
DELETE FROM sqlite_sequence WHERE name = 'payments';
UPDATE sqlite_sequence SET name = 'payments' WHERE name = 'payments_old';
DROP TABLE payments_old;
CREATE INDEX payments_to_capture ON payments (paid_at) WHERE captured = FALSE;

DROP TABLE orders_old;
CREATE INDEX orders_by_buyer ON orders (buyer_id, id);
CREATE INDEX orders_by_product ON orders (product_id, status, buyer_id);

UPDATE orders SET status = 'reserved',
       reserved_until = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now', '+48 hours')
 WHERE id IN (SELECT MIN(o.id) FROM orders o JOIN products p ON p.id = o.product_id
               WHERE o.status = 'waiting' AND p.sold = FALSE GROUP BY o.product_id);

CREATE UNIQUE INDEX orders_one_active_per_buyer ON orders (product_id, buyer_id)
    WHERE status NOT IN ('cancelled', 'lapsed');
CREATE UNIQUE INDEX orders_one_deal_per_product ON orders (product_id)
    WHERE status IN ('reserved', 'cash', 'held', 'paid', 'completed');
CREATE INDEX orders_reservations ON orders (reserved_until) WHERE status = 'reserved';
