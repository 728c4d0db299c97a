-- Safety in conversations (docs/conversations.md "Safety"): a person blocks another (no
-- messages or offers either way), hides a message from their own view, or reports a
-- conversation to the admins, who then read it. A message that asks for money before
-- the meeting, or carries a phone number from someone the reader never answered, keeps
-- the warning the server found when it was sent. Messages unread for a while are
-- mailed to their reader, gathered, once.
CREATE TABLE blocks (
    blocker_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_of_blocked ON blocks (blocked_id);

CREATE TABLE hidden_messages (
    message_id BIGINT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, message_id)
);

CREATE TABLE conversation_reports (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    conversation_id BIGINT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    reporter_id     BIGINT REFERENCES users (id) ON DELETE SET NULL,
    reason          TEXT NOT NULL,
    note            TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX conversation_reports_once ON conversation_reports (conversation_id, reporter_id);

ALTER TABLE messages ADD COLUMN warning TEXT CHECK (warning IN ('money', 'phone'));

-- The mail for what arrived while away: how far each side's unread messages have been
-- mailed, so each message is in one mail at most.
ALTER TABLE conversations ADD COLUMN buyer_mailed_up_to BIGINT NOT NULL DEFAULT 0;
ALTER TABLE conversations ADD COLUMN seller_mailed_up_to BIGINT NOT NULL DEFAULT 0;
CREATE INDEX conversations_by_activity ON conversations (last_message_at);
