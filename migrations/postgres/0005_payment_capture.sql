-- Whether a recorded payment's money has been taken. A Stripe payment is recorded while
-- the card is only authorised and captured right after; one whose capture failed stays
-- FALSE until the capture sweep takes it (or finds the authorisation gone and gives the
-- bike back). Payments recorded before this column were all taken.
ALTER TABLE payments ADD COLUMN captured BOOLEAN NOT NULL DEFAULT TRUE;
CREATE INDEX payments_to_capture ON payments (paid_at) WHERE captured = FALSE;
