-- SQLite twin of migrations/postgres/0012_meeting.sql (same version, same shape).
-- Where and when a deal's two sides meet: the latest proposal, who made it, its number,
-- and whether the other side agreed.
ALTER TABLE orders ADD COLUMN meeting_place TEXT;
ALTER TABLE orders ADD COLUMN meeting_at TEXT;
ALTER TABLE orders ADD COLUMN meeting_by TEXT CHECK (meeting_by IN ('buyer', 'seller'));
ALTER TABLE orders ADD COLUMN meeting_round INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN meeting_agreed INTEGER NOT NULL DEFAULT 0;
