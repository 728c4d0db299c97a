-- Where and when a deal's two sides meet (docs/deals.md, "Meeting"): the latest proposal,
-- who made it, its number (a confirmation names the proposal it agrees to, so one racing
-- a newer proposal agrees to nothing) and whether the other side agreed.
ALTER TABLE orders ADD COLUMN meeting_place TEXT;
ALTER TABLE orders ADD COLUMN meeting_at TIMESTAMPTZ;
ALTER TABLE orders ADD COLUMN meeting_by TEXT CHECK (meeting_by IN ('buyer', 'seller'));
ALTER TABLE orders ADD COLUMN meeting_round INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN meeting_agreed BOOLEAN NOT NULL DEFAULT FALSE;
