-- What concerns one person: notifications, each stored for its one recipient and pushed
-- live to them alone, and the bikes a buyer saved to their wishlist.

CREATE TABLE notifications (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- What happened, for the page's icon: booking, cancellation, payment, sold, removed,
    -- verified, report, price.
    kind       TEXT NOT NULL,
    message    TEXT NOT NULL,
    -- The page where the recipient acts on it.
    link       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    read_at    TIMESTAMPTZ
);
CREATE INDEX notifications_by_user ON notifications (user_id, id);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

CREATE TABLE wishlist (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id BIGINT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    saved_at   TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, product_id)
);
CREATE INDEX wishlist_by_product ON wishlist (product_id);

-- A notification's event goes to its one recipient.
ALTER TABLE events DROP CONSTRAINT events_audience_check;
ALTER TABLE events ADD CONSTRAINT events_audience_check
    CHECK (audience IN ('public', 'admins', 'parties', 'recipient'));
ALTER TABLE events ADD COLUMN recipient_id BIGINT;
