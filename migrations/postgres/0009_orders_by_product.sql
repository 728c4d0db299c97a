-- A bike's bookings by their state: whom to tell when it is sold or removed (the buyers
-- of its open bookings), and the bookings a deleted listing takes with it. The partial
-- unique indexes on `product_id` cannot serve the cascade (nor, on SQLite, a query that
-- does not repeat their condition word for word), which then reads every booking ever
-- made.
CREATE INDEX orders_by_product ON orders (product_id, status, buyer_id);
