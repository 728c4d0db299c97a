-- SQLite twin of migrations/postgres/0005_payment_capture.sql (same version, same shape).
-- Whether a recorded payment's money has been taken. A Stripe payment is recorded while
-- the card is only authorised and captured right after; one whose capture failed stays
-- 0 until the capture sweep takes it (or finds the authorisation gone and gives the
-- bike back). Payments recorded before this column were all taken.
ALTER TABLE payments ADD COLUMN captured INTEGER NOT NULL DEFAULT 1;
CREATE INDEX payments_to_capture ON payments (paid_at) WHERE captured = FALSE;
