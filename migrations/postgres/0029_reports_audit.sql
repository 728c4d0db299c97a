-- Reports with reasons, and every admin action on record (docs/trust.md "Reports with
-- reasons", "Every admin action on record"). Reports made before say no reason: other.
ALTER TABLE reports ADD COLUMN reason TEXT NOT NULL DEFAULT 'other'
    CHECK (reason IN ('scam', 'sold', 'wrong_details', 'duplicate', 'offensive', 'other'));
ALTER TABLE reports ADD COLUMN note TEXT NOT NULL DEFAULT '';
ALTER TABLE reports ADD COLUMN state TEXT NOT NULL DEFAULT 'open'
    CHECK (state IN ('open', 'dismissed'));
CREATE INDEX reports_open ON reports (product_id) WHERE state = 'open';

-- Who did what to whom, when and why. No foreign keys: an entry outlives its admin and
-- its target, and keeps their names as they were.
CREATE TABLE audit_log (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    actor_id     BIGINT NOT NULL,
    actor_name   TEXT NOT NULL,
    action       TEXT NOT NULL,
    target_kind  TEXT NOT NULL CHECK (target_kind IN ('user', 'listing', 'booking')),
    target_id    BIGINT NOT NULL,
    target_label TEXT NOT NULL,
    reason       TEXT,
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX audit_log_by_action ON audit_log (action, id);
CREATE INDEX audit_log_by_actor ON audit_log (actor_id, id);
CREATE INDEX audit_log_by_target ON audit_log (target_kind, target_id, id);
-- Append-only, whoever connects: no entry is changed or deleted.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only';
END
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
