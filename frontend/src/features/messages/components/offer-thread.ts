// The conversation an offer card is shown in, and who is reading it: the card names the
// offer's maker, and offers the reader what their side may do with it.
import { createContext, useContext } from 'react';
import type { Conversation } from '@/features/messages/api/conversations.ts';

export interface OfferThread {
  conversation: Conversation;
  /** The reader's user id. */
  me: string;
}

export const OfferThreadContext = createContext<OfferThread | null>(null);

/** The thread around an offer card; null outside a conversation's page. */
export function useOfferThread(): OfferThread | null {
  return useContext(OfferThreadContext);
}
