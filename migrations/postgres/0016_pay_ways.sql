-- The ways a listing takes (docs/deals.md "Paying"): its seller may turn any of cash,
-- card and bKash off, and may ask a deposit to reserve the bike — a fixed amount in
-- paisa or a share of the price — held by card or bKash, the rest paid in cash at the
-- handover. Listings from before take every way and ask no deposit. That at least one
-- way is taken, at most one kind of deposit is asked, and a deposit has a way to be
-- held is checked where a listing is written (routes/listings.rs).
ALTER TABLE products ADD COLUMN takes_cash BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE products ADD COLUMN takes_card BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE products ADD COLUMN takes_bkash BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE products ADD COLUMN deposit_amount BIGINT CHECK (deposit_amount > 0);
ALTER TABLE products ADD COLUMN deposit_percent INTEGER
    CHECK (deposit_percent BETWEEN 1 AND 90);
-- A booking keeps the deposit asked when it was made, as it keeps the price: what a
-- card or bKash holds for it, in paisa (NULL: the whole price).
ALTER TABLE orders ADD COLUMN deposit BIGINT CHECK (deposit > 0);
