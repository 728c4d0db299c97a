-- SQLite twin of migrations/postgres/0016_pay_ways.sql (same version, same shape).
-- The ways a listing takes (docs/deals.md "Paying"): its seller may turn any of cash,
-- card and bKash off, and may ask a deposit to reserve the bike — a fixed amount in
-- paisa or a share of the price — held by card or bKash, the rest paid in cash at the
-- handover. Listings from before take every way and ask no deposit. That at least one
-- way is taken, at most one kind of deposit is asked, and a deposit has a way to be
-- held is checked where a listing is written (routes/listings.rs).
ALTER TABLE products ADD COLUMN takes_cash INTEGER NOT NULL DEFAULT 1;
ALTER TABLE products ADD COLUMN takes_card INTEGER NOT NULL DEFAULT 1;
ALTER TABLE products ADD COLUMN takes_bkash INTEGER NOT NULL DEFAULT 1;
ALTER TABLE products ADD COLUMN deposit_amount INTEGER CHECK (deposit_amount > 0);
ALTER TABLE products ADD COLUMN deposit_percent INTEGER
    CHECK (deposit_percent BETWEEN 1 AND 90);
-- A booking keeps the deposit asked when it was made, as it keeps the price: what a
-- card or bKash holds for it, in paisa (NULL: the whole price).
ALTER TABLE orders ADD COLUMN deposit INTEGER CHECK (deposit > 0);
