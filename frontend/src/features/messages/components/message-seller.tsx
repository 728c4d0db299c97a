// "Message seller" on a listing's page: a buyer asks about the bike with one tap ("Is it
// still available?") or in their own words, and lands in the conversation. A visitor is
// asked to log in first.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { newClientId, useOpenConversation } from '@/features/messages/api/conversations.ts';
import { SendBox } from './send-box.tsx';

/** What buyers ask first, sent with one tap. */
export const OPENERS = ['Is it still available?', 'What is your last price?', 'Can I see the papers?'] as const;

export function MessageSeller({ productId, visitor, onLogIn }: { productId: string; visitor: boolean; onLogIn: () => void }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const opening = useOpenConversation();
  // A message that did not go keeps its id, so sending it again is the same message.
  const tried = useRef<{ text: string; clientId: string } | null>(null);
  // On a phone the panel opens below the fold: bring all of it into view.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    const opened: Partial<HTMLElement> | null = panel.current;
    if (open) opened?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [open]);

  const ask = (text: string) => {
    const clientId = tried.current?.text === text ? tried.current.clientId : newClientId();
    tried.current = { text, clientId };
    opening.mutate(
      { productId, text, clientId },
      {
        onSuccess: (opened) => {
          void navigate(`/dashboard/messages/${encodeURIComponent(opened.conversation._id)}`);
        },
      },
    );
  };

  if (!open) {
    return (
      <button
        type="button"
        aria-expanded={false}
        onClick={() => {
          if (visitor) onLogIn();
          else setOpen(true);
        }}
        className="min-h-11 w-full rounded-lg border border-brand-700 bg-white px-3 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
      >
        Message seller
      </button>
    );
  }
  return (
    <section ref={panel} aria-label="Message the seller" className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-bold text-stone-900">Ask the seller</h2>
        <button
          type="button"
          onClick={() => {
            setOpen(false);
          }}
          className="rounded px-2 py-1 text-sm text-stone-600 hover:bg-stone-100"
        >
          Close
        </button>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        {OPENERS.map((opener) => (
          <button
            key={opener}
            type="button"
            disabled={opening.isPending}
            onClick={() => {
              ask(opener);
            }}
            className="min-h-10 rounded-full border border-stone-300 bg-stone-50 px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100 disabled:opacity-60"
          >
            {opener}
          </button>
        ))}
      </div>
      <div className="mt-3">
        <SendBox label="Your question" onSend={ask} />
      </div>
      {opening.isPending && <p className="mt-2 text-sm text-stone-600">Sending…</p>}
      {opening.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Not sent: {opening.error.message}{' '}
          <button
            type="button"
            onClick={() => {
              if (tried.current) ask(tried.current.text);
            }}
            className="font-semibold underline"
          >
            Retry
          </button>
        </p>
      )}
    </section>
  );
}
