-- SQLite twin of migrations/postgres/0009_orders_by_product.sql (same version, same
-- shape). A bike's bookings by their state: whom to tell when it is sold or removed (the
-- buyers of its open bookings), and the bookings a deleted listing takes with it. The
-- partial unique indexes on `product_id` serve neither the cascade nor a query that does
-- not repeat their condition word for word (`status = 'booked'` is not read as implying
-- `status <> 'cancelled'`), which then reads every booking ever made.
CREATE INDEX orders_by_product ON orders (product_id, status, buyer_id);
