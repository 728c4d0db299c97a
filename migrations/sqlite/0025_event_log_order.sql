-- SQLite twin of migrations/postgres/0025_event_log_order.sql (same version). SQLite has
-- one writer connection, so events already commit in `seq` order: there is nothing to
-- lock, and this version changes nothing.
SELECT 1;
