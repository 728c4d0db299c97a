// Sample conversations and messages in the server's shapes, for this feature's tests:
// the buyer is user "1" (as `signedInAs('buyer')` signs in), the seller user "2"; the
// bike's asking price is ৳1,800 and negotiable.
import type { Message } from '@/features/messages/api/conversations.ts';

export { aConversation } from '@/test/fixtures.ts';

export function aMessage(overrides: Partial<Message> = {}): Message {
  return {
    _id: '10',
    conversationId: 'c1',
    productId: 'p1',
    from: '1',
    clientId: 'k10',
    text: 'Is it still available?',
    image: null,
    sentAt: '2026-11-27T04:00:00Z',
    offer: null,
    ...overrides,
  };
}
