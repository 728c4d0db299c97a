-- Card holds (docs/deals.md "Handover"): a card payment is authorised when the buyer
-- pays (`held`) and taken only at the handover. The handover claims the deal for the
-- capture before asking the provider (`capture_claimed_at`): once claimed, a call-off
-- or the 6-day sweep no longer ends it. A held deal's `reserved_until` is when its hold
-- is released by itself, so the sweep's index covers it too.
-- A hold released when its deal ends (called off, lapsed, released by an admin) keeps
-- its payment row for the record: `released_at` says when the deal gave it up,
-- `release_confirmed` that the provider confirmed; the row stops claiming the bike
-- (its `product_id` is cleared) so the next buyer's payment can.
ALTER TABLE orders ADD COLUMN capture_claimed_at TIMESTAMPTZ;
ALTER TABLE payments ADD COLUMN method TEXT NOT NULL DEFAULT 'card' CHECK (method IN ('card', 'bkash'));
ALTER TABLE payments ADD COLUMN released_at TIMESTAMPTZ;
ALTER TABLE payments ADD COLUMN release_confirmed BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX payments_to_release ON payments (released_at)
    WHERE released_at IS NOT NULL AND release_confirmed = FALSE;
CREATE INDEX orders_capture_claims ON orders (capture_claimed_at)
    WHERE status = 'held' AND capture_claimed_at IS NOT NULL;
DROP INDEX orders_reservations;
CREATE INDEX orders_reservations ON orders (reserved_until)
    WHERE status IN ('reserved', 'cash', 'held');
-- Card sales made before holds took the money at once (`paid`): one whose money was
-- taken is a completed deal; one whose capture never went through is still only
-- authorised, so it becomes a hold that waits for the buyer's code (they read a new
-- one on My Orders) and is released by itself six days after it was paid.
UPDATE orders SET status = 'completed',
       completed_at = COALESCE((SELECT p.paid_at FROM payments p WHERE p.order_id = orders.id),
                               orders.created_at)
 WHERE status = 'paid'
   AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = orders.id AND p.captured = FALSE);
UPDATE orders SET status = 'held',
       reserved_until = (SELECT p.paid_at FROM payments p WHERE p.order_id = orders.id)
                        + interval '6 days'
 WHERE status = 'paid';

-- bKash payments started for a booking, until their outcome is known: the buyer may
-- approve on bKash's page and never come back through the callback, so the payments
-- sweep asks bKash about each one still open and records the hold it finds.
CREATE TABLE bkash_started (
    payment_id TEXT PRIMARY KEY,
    order_id   BIGINT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    started_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX bkash_started_by_order ON bkash_started (order_id);

-- A deal's steps (`deal.updated`) go to its two sides and to the admins who look after
-- deals.
ALTER TABLE events DROP CONSTRAINT events_audience_check;
ALTER TABLE events ADD CONSTRAINT events_audience_check
    CHECK (audience IN ('public', 'admins', 'parties', 'deal', 'recipient'));
