// Sample conversations and messages in the server's shapes, for this feature's tests:
// the buyer is user "1" (as `signedInAs('buyer')` signs in), the seller user "2"; the
// bike's asking price is ৳1,800 and negotiable.
import type { Conversation, Message } from '@/features/messages/api/conversations.ts';

export function aConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    _id: 'c1',
    productId: 'p1',
    productName: 'Yamaha R15',
    productImage: '/uploads/bike.jpg',
    buyerId: '1',
    buyerName: 'Karim Buyer',
    sellerId: '2',
    sellerName: 'Rahim Seller',
    createdAt: '2026-11-27T04:00:00Z',
    lastMessageAt: '2026-11-27T04:05:00Z',
    buyerReadUpTo: '0',
    sellerReadUpTo: '0',
    unread: 0,
    offer: null,
    price: 1800,
    negotiable: true,
    sold: false,
    ...overrides,
  };
}

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
