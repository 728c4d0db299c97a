-- Bookings of a bike wait in line (docs/deals.md): the first open one holds the bike for
-- its buyer (`reserved`, until `reserved_until`), the later ones are `waiting`; a booking
-- that ends keeps how (its status) and, when a person ended it, why (`reason`). Statuses
-- of the deal's later steps (cash, held, completed, called_off) are allowed already.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD COLUMN reserved_until TIMESTAMPTZ;
ALTER TABLE orders ADD COLUMN reason TEXT;

-- Every open booking waits; then the oldest of each unsold bike holds it, for 48 hours
-- from now.
UPDATE orders SET status = 'waiting' WHERE status = 'booked';
UPDATE orders SET status = 'reserved', reserved_until = now() + interval '48 hours'
 WHERE id IN (SELECT MIN(o.id) FROM orders o JOIN products p ON p.id = o.product_id
               WHERE o.status = 'waiting' AND p.sold = FALSE GROUP BY o.product_id);

ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN (
    'waiting', 'reserved', 'cash', 'held', 'paid', 'completed',
    'declined', 'released', 'called_off', 'lapsed', 'cancelled'));

-- One booking per buyer per bike, unless they withdrew it or it lapsed (a buyer the
-- seller declined or released does not come back to the same bike).
DROP INDEX orders_one_active_per_buyer;
CREATE UNIQUE INDEX orders_one_active_per_buyer ON orders (product_id, buyer_id)
    WHERE status NOT IN ('cancelled', 'lapsed');
-- One deal per bike: at most one booking holds it, is being paid or has bought it.
DROP INDEX orders_one_paid_per_product;
CREATE UNIQUE INDEX orders_one_deal_per_product ON orders (product_id)
    WHERE status IN ('reserved', 'cash', 'held', 'paid', 'completed');
-- The reservations the sweep lapses, oldest deadline first.
CREATE INDEX orders_reservations ON orders (reserved_until) WHERE status = 'reserved';
