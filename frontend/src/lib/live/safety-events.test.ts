import { describe, expect, it } from 'vitest';
import { parseServerMessage } from './live-events.ts';
import { blockedIn, hideMessage, markBlocked } from './safety-events.ts';

const conversation = { _id: 'c1', blocked: null };

describe('blocking in a conversation', () => {
  it('reads the server’s word until an event tells of a change, then who blocked', () => {
    expect(blockedIn({ blocked: 'byThem' }, '1')).toBe('byThem');
    const blockedByMe = markBlocked(conversation, { conversationId: 'c1', blockedBy: '1' });
    expect(blockedByMe && blockedIn(blockedByMe, '1')).toBe('byMe');
    expect(blockedByMe && blockedIn(blockedByMe, '2')).toBe('byThem');
    const unblocked = markBlocked(blockedByMe, { conversationId: 'c1', blockedBy: null });
    expect(unblocked && blockedIn(unblocked, '1')).toBeNull();
  });

  it('changes nothing applied twice, or for another conversation', () => {
    const once = markBlocked(conversation, { conversationId: 'c1', blockedBy: '2' });
    expect(markBlocked(once, { conversationId: 'c1', blockedBy: '2' })).toBe(once);
    expect(markBlocked(conversation, { conversationId: 'c2', blockedBy: '2' })).toBe(conversation);
  });
});

describe('a message deleted for its reader', () => {
  const messages = [{ _id: '10' }, { _id: '11' }];

  it('leaves that conversation’s messages, once', () => {
    const hidden = { conversationId: 'c1', messageId: '10' };
    const after = hideMessage(messages, 'c1', hidden);
    expect(after).toEqual([{ _id: '11' }]);
    expect(hideMessage(after, 'c1', hidden)).toBe(after);
    expect(hideMessage(messages, 'c2', hidden)).toBe(messages);
  });
});

describe('the socket’s frames', () => {
  it('reads someone typing (no place in the log) apart from events', () => {
    expect(parseServerMessage('{"type":"typing","conversationId":"c1","from":"2"}')).toEqual({
      type: 'typing',
      conversationId: 'c1',
      from: '2',
    });
    expect(parseServerMessage('{"type":"typing","conversationId":"c1"}')).toEqual({ type: 'other' });
    const blocked = parseServerMessage(
      JSON.stringify({ type: 'event', seq: 9, event: 'conversation.updated', data: { conversationId: 'c1', blockedBy: '2' } }),
    );
    expect(blocked).toEqual({
      type: 'event',
      seq: 9,
      live: { event: 'conversation.updated', data: { conversationId: 'c1', blockedBy: '2' } },
    });
  });
});
