-- How a deal is paid and handed over (docs/deals.md): the method the buyer chose, the
-- handover code shown to the buyer and the seller's wrong tries at it, when the deal
-- completed, and which side called it off. A cash deal holds the bike until its
-- `reserved_until` as a reservation does, so the sweep's index covers both.
ALTER TABLE orders ADD COLUMN method TEXT CHECK (method IN ('cash', 'card', 'bkash'));
ALTER TABLE orders ADD COLUMN handover_code TEXT;
ALTER TABLE orders ADD COLUMN handover_tries INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN completed_at TIMESTAMPTZ;
ALTER TABLE orders ADD COLUMN ended_by TEXT CHECK (ended_by IN ('buyer', 'seller'));
UPDATE orders SET method = 'card' WHERE status = 'paid';
DROP INDEX orders_reservations;
CREATE INDEX orders_reservations ON orders (reserved_until) WHERE status IN ('reserved', 'cash');
