import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { aConversation, anOffer } from '@/test/fixtures.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { applyLiveEvent } from './apply-event.ts';
import type { Conversation, Message } from './message-events.ts';
import { setConversationOffer, updateOfferMessage } from './offer-events.ts';

const open = anOffer();
const accepted = anOffer({ status: 'accepted', answeredAt: '2026-11-27T05:00:00Z', expiresAt: '2099-01-03T00:00:00Z' });
const counter = anOffer({ _id: 'f2', by: 'seller', amount: 1650, madeAt: '2026-11-27T05:00:00Z' });

// As the server sends them (a conversation also says whether the bike is sold).
const conversation = aConversation({ lastMessageAt: '2026-11-27T04:10:00Z', buyerReadUpTo: '11', offer: open });
const question = {
  _id: '10',
  conversationId: 'c1',
  productId: 'p1',
  from: '1',
  clientId: 'k10',
  text: 'What is your last price?',
  image: null,
  sentAt: '2026-11-27T04:00:00Z',
  offer: null,
};
const offered: Message = { ...question, _id: '11', clientId: 'k11', text: null, offer: open, sentAt: open.madeAt };
const countered: Message = { ...offered, _id: '12', from: '2', clientId: 'k12', offer: counter, sentAt: counter.madeAt };

describe('an offer’s new state', () => {
  it('shows on the message carrying it, once; an older state replayed changes nothing', () => {
    const messages = [question, offered];
    const once = updateOfferMessage(messages, accepted);
    expect(once?.map((m) => m.offer?.status)).toEqual([undefined, 'accepted']);
    expect(once?.[0]).toBe(question);
    expect(updateOfferMessage(once, accepted)).toBe(once);
    expect(updateOfferMessage(once, open)).toBe(once);
    expect(updateOfferMessage(once, { ...accepted, status: 'booked' })?.[1]?.offer?.status).toBe('booked');
  });

  it('is the conversation’s latest offer; a newer offer takes its place, an older one does not', () => {
    expect(setConversationOffer(conversation, accepted).offer).toBe(accepted);
    const withCounter = setConversationOffer(conversation, counter);
    expect(withCounter.offer).toBe(counter);
    // The countered offer's own update arrives after the counter: the counter stays the latest.
    expect(setConversationOffer(withCounter, { ...open, status: 'countered' })).toBe(withCounter);
    expect(setConversationOffer(conversation, { ...open, conversationId: 'c2' })).toBe(conversation);
  });
});

describe('applyLiveEvent on offers', () => {
  function cached() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.messagesOf('c1'), [question, offered]);
    queryClient.setQueryData(queryKeys.conversation('c1'), conversation);
    queryClient.setQueryData(queryKeys.conversationsOf('1'), [conversation]);
    return {
      queryClient,
      messages: () => queryClient.getQueryData<Message[]>(queryKeys.messagesOf('c1')),
      page: () => queryClient.getQueryData<Conversation>(queryKeys.conversation('c1')),
      inbox: () => queryClient.getQueryData<Conversation[]>(queryKeys.conversationsOf('1')),
    };
  }

  it('offer.updated updates the card, the conversation and the inbox; applied twice, once', () => {
    const { queryClient, messages, page, inbox } = cached();
    applyLiveEvent(queryClient, { event: 'offer.updated', data: { offer: accepted } });
    const [list, one, rows] = [messages(), page(), inbox()];
    expect(list?.[1]?.offer).toEqual(accepted);
    expect(one?.offer).toEqual(accepted);
    expect(rows?.[0]?.offer).toEqual(accepted);

    applyLiveEvent(queryClient, { event: 'offer.updated', data: { offer: accepted } });
    expect(messages()).toBe(list);
    expect(page()).toBe(one);
    expect(inbox()).toBe(rows);
  });

  it('a counter arrives as a message: it joins the list and becomes the conversation’s offer', () => {
    const { queryClient, messages, page, inbox } = cached();
    applyLiveEvent(queryClient, { event: 'offer.updated', data: { offer: { ...open, status: 'countered' } } });
    applyLiveEvent(queryClient, { event: 'message.created', data: countered });
    expect(messages()?.map((m) => [m._id, m.offer?.status])).toEqual([
      ['10', undefined],
      ['11', 'countered'],
      ['12', 'open'],
    ]);
    expect(page()?.offer).toEqual(counter);
    expect(inbox()?.[0]?.offer).toEqual(counter);
  });
});
