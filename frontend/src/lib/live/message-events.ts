// What a message or a read mark changes: the open conversation's messages, its read
// marks, and the inbox. Each reducer answers the same list when nothing changes, so an
// event applied twice (the writer's answer, then their socket) changes nothing more.
import type { components } from '@/lib/api/schema.d.ts';
import type { ConversationTerms, OfferMessage } from './offer-events.ts';
import type { SafetyConversation, SafetyMessage } from './safety-events.ts';
import { isAfter } from './record-ids.ts';

export type Message = components['schemas']['MessageView'] & OfferMessage & SafetyMessage;
export type Conversation = components['schemas']['ConversationView'] & ConversationTerms & SafetyConversation;
export type MessagesRead = components['schemas']['MessagesReadIds'];

/**
 * Adds `message` to the messages of its conversation (`conversationId`), once: not when
 * the list holds it already, by id or as the sender's own message with the same `clientId`.
 */
export function addMessage(
  old: readonly Message[] | undefined,
  conversationId: string,
  message: Message,
): readonly Message[] | undefined {
  if (!old || message.conversationId !== conversationId) return old;
  const known = old.some(
    (m) => m._id === message._id || (m.clientId === message.clientId && m.from === message.from),
  );
  if (known) return old;
  const at = old.findIndex((m) => isAfter(m._id, message._id));
  return at < 0 ? [...old, message] : [...old.slice(0, at), message, ...old.slice(at)];
}

/** Moves the reader's read mark (the buyer's or the seller's) forward to `read.upTo`. */
export function markConversationRead(old: Conversation | undefined, read: MessagesRead): Conversation | undefined {
  if (!old || old._id !== read.conversationId) return old;
  if (read.by === old.buyerId && isAfter(read.upTo, old.buyerReadUpTo)) return { ...old, buyerReadUpTo: read.upTo };
  if (read.by === old.sellerId && isAfter(read.upTo, old.sellerReadUpTo)) return { ...old, sellerReadUpTo: read.upTo };
  return old;
}

/**
 * The inbox of user `me` once `message` arrives: its conversation first, its time the
 * message's, and one more unread when the other side wrote it. `undefined` when the inbox
 * does not hold the conversation (it is read again).
 */
export function addToInbox(
  old: readonly Conversation[] | undefined,
  me: string,
  message: Message,
): readonly Conversation[] | undefined {
  if (!old) return old;
  const conversation = old.find((c) => c._id === message.conversationId);
  if (!conversation) return undefined;
  // Already counted: the message is not newer than the conversation's last.
  if (Date.parse(message.sentAt) <= Date.parse(conversation.lastMessageAt)) return old;
  const theirs = message.from !== me;
  const moved = {
    ...conversation,
    lastMessageAt: message.sentAt,
    unread: conversation.unread + (theirs ? 1 : 0),
  };
  return [moved, ...old.filter((c) => c !== conversation)];
}
