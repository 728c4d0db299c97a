-- The live-event log. Every write that changes what someone sees records its events in
-- the same transaction; processes read the log in `seq` order and forward each event to
-- the sockets allowed to see it. Writers take an advisory lock before inserting, so
-- events commit in `seq` order and a reader never skips over a later-committing gap.

CREATE TABLE events (
    seq        BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       TEXT NOT NULL,
    -- Who may see it: everyone, admins, or the parties of a booking (its buyer and the
    -- bike's seller). No foreign keys: the log outlives the users it names.
    audience   TEXT NOT NULL CHECK (audience IN ('public', 'admins', 'parties')),
    buyer_id   BIGINT,
    seller_id  BIGINT,
    data       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
