// A conversation's safety (docs/conversations.md): one side blocking the other, a message
// deleted for its reader, and the warnings a message carries. The reducers answer the
// same value when nothing changes, so an event applied twice changes nothing more.

/** Why a message deserves a caution to its reader: it asks for money, or has a phone number. */
export type Warning = 'money' | 'phone';

/** Who blocked whom, as the reader sees it; `null`: nobody. */
export type Blocked = 'byMe' | 'byThem' | null;

/** What a message carries for its reader's safety: a [`Warning`], or null. */
export interface SafetyMessage {
  warning?: string | null;
}

/**
 * What a conversation says of blocking: `blocked` as the server answered it, and
 * `blockedBy` (a user id, or `null` when unblocked) once an event told of a change since.
 */
export interface SafetyConversation {
  /** "byMe", "byThem", or null. */
  blocked?: string | null;
  blockedBy?: string | null;
}

/** `conversation.updated`: one side blocked the other (`blockedBy`), or unblocked (`null`). */
export interface ConversationBlocked {
  conversationId: string;
  blockedBy: string | null;
}

/** `message.hidden`: the reader deleted a message for themselves. */
export interface MessageHidden {
  conversationId: string;
  messageId: string;
}

export type SafetyEvent =
  | { event: 'conversation.updated'; data: ConversationBlocked }
  | { event: 'message.hidden'; data: MessageHidden };

/** Who blocked whom in `conversation`, as reader `me` sees it. */
export function blockedIn(conversation: SafetyConversation, me: string): Blocked {
  if (conversation.blockedBy === undefined) {
    const { blocked } = conversation;
    return blocked === 'byMe' || blocked === 'byThem' ? blocked : null;
  }
  if (conversation.blockedBy === null) return null;
  return conversation.blockedBy === me ? 'byMe' : 'byThem';
}

/** The warning a message carries, if it is one the page knows. */
export function warningOf(message: SafetyMessage): Warning | null {
  return message.warning === 'money' || message.warning === 'phone' ? message.warning : null;
}

/** The conversation once one side blocked the other or unblocked. */
export function markBlocked<C extends SafetyConversation & { _id: string }>(
  old: C | undefined,
  change: ConversationBlocked,
): C | undefined {
  if (!old || old._id !== change.conversationId || old.blockedBy === change.blockedBy) return old;
  return { ...old, blockedBy: change.blockedBy };
}

/** A conversation's messages (`conversationId`) without the one its reader deleted. */
export function hideMessage<M extends { _id: string }>(
  old: readonly M[] | undefined,
  conversationId: string,
  hidden: MessageHidden,
): readonly M[] | undefined {
  if (!old || hidden.conversationId !== conversationId || !old.some((m) => m._id === hidden.messageId)) return old;
  return old.filter((m) => m._id !== hidden.messageId);
}
