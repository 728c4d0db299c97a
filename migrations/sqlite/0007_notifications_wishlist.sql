-- SQLite twin of migrations/postgres/0007_notifications_wishlist.sql (same version, same
-- shape). What concerns one person: notifications, each stored for its one recipient
-- and pushed live to them alone, and the bikes a buyer saved to their wishlist.

CREATE TABLE notifications (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- What happened, for the page's icon: booking, cancellation, payment, sold, removed,
    -- verified, report, price.
    kind       TEXT NOT NULL,
    message    TEXT NOT NULL,
    -- The page where the recipient acts on it.
    link       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    read_at    TEXT
) STRICT;
CREATE INDEX notifications_by_user ON notifications (user_id, id);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

CREATE TABLE wishlist (
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    saved_at   TEXT NOT NULL,
    PRIMARY KEY (user_id, product_id)
) STRICT;
CREATE INDEX wishlist_by_product ON wishlist (product_id);

-- A notification's event goes to its one recipient. SQLite cannot change a CHECK in
-- place: the log is copied into a table with the new one, keeping every sequence number
-- and the counter behind them (a page resumes from the numbers it holds).
CREATE TABLE events_new (
    seq            INTEGER PRIMARY KEY AUTOINCREMENT,
    name           TEXT NOT NULL,
    audience       TEXT NOT NULL CHECK (audience IN ('public', 'admins', 'parties', 'recipient')),
    buyer_id       INTEGER,
    seller_id      INTEGER,
    data           TEXT NOT NULL,
    created_at     TEXT NOT NULL,
    public_data    TEXT,
    ends_access_of INTEGER,
    recipient_id   INTEGER
) STRICT;
INSERT INTO events_new (seq, name, audience, buyer_id, seller_id, data, created_at, public_data, ends_access_of)
    SELECT seq, name, audience, buyer_id, seller_id, data, created_at, public_data, ends_access_of FROM events;
DELETE FROM sqlite_sequence WHERE name = 'events_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'events_new', seq FROM sqlite_sequence WHERE name = 'events';
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;
