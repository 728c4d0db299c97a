-- Events commit in `seq` order: a reader that has seen event N never finds N-1 committing
-- later (the pump hands events on in `seq` order and resumes after the last one it saw).
-- Writers of events are serialised by one transaction-scoped advisory lock, taken here by
-- the table itself before a statement numbers any row, and held until the transaction
-- ends. Taken by the insert, it costs the writer no round trip of its own: the lock is
-- held from the insert to the commit, not from a separate statement before it.
CREATE FUNCTION lock_event_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(7264657);
    RETURN NULL;
END
$$;

CREATE TRIGGER events_commit_in_order BEFORE INSERT ON events
    FOR EACH STATEMENT EXECUTE FUNCTION lock_event_log();
