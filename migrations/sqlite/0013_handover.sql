-- SQLite twin of migrations/postgres/0013_handover.sql (same version, same shape).
-- How a deal is paid and handed over: the method, the handover code and the seller's
-- wrong tries at it, when it completed, and which side called it off.
ALTER TABLE orders ADD COLUMN method TEXT CHECK (method IN ('cash', 'card', 'bkash'));
ALTER TABLE orders ADD COLUMN handover_code TEXT;
ALTER TABLE orders ADD COLUMN handover_tries INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN completed_at TEXT;
ALTER TABLE orders ADD COLUMN ended_by TEXT CHECK (ended_by IN ('buyer', 'seller'));
UPDATE orders SET method = 'card' WHERE status = 'paid';
DROP INDEX orders_reservations;
CREATE INDEX orders_reservations ON orders (reserved_until) WHERE status IN ('reserved', 'cash');
