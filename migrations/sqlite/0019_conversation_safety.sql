-- SQLite twin of migrations/postgres/0019_conversation_safety.sql (same version, same shape).
-- Safety in conversations (docs/conversations.md "Safety"): a person blocks another (no
-- messages or offers either way), hides a message from their own view, or reports a
-- conversation to the admins, who then read it. A message that asks for money before
-- the meeting, or carries a phone number from someone the reader never answered, keeps
-- the warning the server found when it was sent. Messages unread for a while are
-- mailed to their reader, gathered, once.
CREATE TABLE blocks (
    blocker_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
) STRICT;
CREATE INDEX blocks_of_blocked ON blocks (blocked_id);

CREATE TABLE hidden_messages (
    message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, message_id)
) STRICT;

CREATE TABLE conversation_reports (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id INTEGER NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    reporter_id     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    reason          TEXT NOT NULL,
    note            TEXT NOT NULL,
    created_at      TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX conversation_reports_once ON conversation_reports (conversation_id, reporter_id);

ALTER TABLE messages ADD COLUMN warning TEXT CHECK (warning IN ('money', 'phone'));

-- The mail for what arrived while away: how far each side's unread messages have been
-- mailed, so each message is in one mail at most.
ALTER TABLE conversations ADD COLUMN buyer_mailed_up_to INTEGER NOT NULL DEFAULT 0;
ALTER TABLE conversations ADD COLUMN seller_mailed_up_to INTEGER NOT NULL DEFAULT 0;
CREATE INDEX conversations_by_activity ON conversations (last_message_at);
