-- SQLite twin of migrations/postgres/0015_holds.sql (same version, same shape).
-- Card holds: the handover's claim before the capture, and a released hold's record.
ALTER TABLE orders ADD COLUMN capture_claimed_at TEXT;
ALTER TABLE payments ADD COLUMN method TEXT NOT NULL DEFAULT 'card' CHECK (method IN ('card', 'bkash'));
ALTER TABLE payments ADD COLUMN released_at TEXT;
ALTER TABLE payments ADD COLUMN release_confirmed INTEGER NOT NULL DEFAULT 0;
CREATE INDEX payments_to_release ON payments (released_at)
    WHERE released_at IS NOT NULL AND release_confirmed = FALSE;
CREATE INDEX orders_capture_claims ON orders (capture_claimed_at)
    WHERE status = 'held' AND capture_claimed_at IS NOT NULL;
DROP INDEX orders_reservations;
CREATE INDEX orders_reservations ON orders (reserved_until)
    WHERE status IN ('reserved', 'cash', 'held');
-- Card sales made before holds: taken → completed; never captured → a hold that waits
-- for the buyer's code, released by itself six days after it was paid.
UPDATE orders SET status = 'completed',
       completed_at = COALESCE((SELECT p.paid_at FROM payments p WHERE p.order_id = orders.id),
                               orders.created_at)
 WHERE status = 'paid'
   AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = orders.id AND p.captured = FALSE);
UPDATE orders SET status = 'held',
       reserved_until = strftime('%Y-%m-%dT%H:%M:%f+00:00',
                                 (SELECT p.paid_at FROM payments p WHERE p.order_id = orders.id),
                                 '+6 days')
 WHERE status = 'paid';

-- bKash payments started for a booking, until their outcome is known: the buyer may
-- approve on bKash's page and never come back through the callback, so the payments
-- sweep asks bKash about each one still open and records the hold it finds.
CREATE TABLE bkash_started (
    payment_id TEXT PRIMARY KEY,
    order_id   INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    started_at TEXT NOT NULL
);
CREATE INDEX bkash_started_by_order ON bkash_started (order_id);

-- A deal's steps (`deal.updated`) go to its two sides and to the admins who look after
-- deals. SQLite cannot change a CHECK in place: the log is copied into a table with the
-- new one, keeping every sequence number and the counter behind them.
CREATE TABLE events_new (
    seq            INTEGER PRIMARY KEY AUTOINCREMENT,
    name           TEXT NOT NULL,
    audience       TEXT NOT NULL
        CHECK (audience IN ('public', 'admins', 'parties', 'deal', 'recipient')),
    buyer_id       INTEGER,
    seller_id      INTEGER,
    data           TEXT NOT NULL,
    created_at     TEXT NOT NULL,
    public_data    TEXT,
    ends_access_of INTEGER,
    recipient_id   INTEGER
) STRICT;
INSERT INTO events_new (seq, name, audience, buyer_id, seller_id, data, created_at,
                        public_data, ends_access_of, recipient_id)
    SELECT seq, name, audience, buyer_id, seller_id, data, created_at, public_data,
           ends_access_of, recipient_id FROM events;
DELETE FROM sqlite_sequence WHERE name = 'events_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'events_new', seq FROM sqlite_sequence WHERE name = 'events';
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;
