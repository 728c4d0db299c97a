-- SQLite twin of migrations/postgres/0002_events.sql.
-- The live-event log. Every write that changes what someone sees records its events in
-- the same transaction; processes read the log in `seq` order and forward each event to
-- the sockets allowed to see it. SQLite has one writer at a time, so events commit
-- in `seq` order.

CREATE TABLE events (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT NOT NULL,
    -- Who may see it: everyone, admins, or the parties of a booking (its buyer and the
    -- bike's seller). No foreign keys: the log outlives the users it names.
    audience   TEXT NOT NULL CHECK (audience IN ('public', 'admins', 'parties')),
    buyer_id   INTEGER,
    seller_id  INTEGER,
    data       TEXT NOT NULL,
    created_at TEXT NOT NULL
) STRICT;
