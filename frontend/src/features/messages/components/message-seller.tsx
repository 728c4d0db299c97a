// "Message seller" on a listing's page: a buyer asks about the bike with one tap ("Is it
// still available?") or in their own words, and lands in the conversation. A visitor
// picks their question too, then logs in: the question waits in the tab (with its id)
// and goes once they are back on the bike's page signed in, landing them in the
// conversation; sent again (a reload on the way), the same id is the same message.
// Message seller on a listing's card leads here with `?ask=1`: the questions are open
// and the first has the focus; the address then drops the mark, so going back or
// reloading does not open them again. A buyer whose address is not proven yet is asked
// to open the link mailed to it (the server takes messages only from proven addresses);
// a question that waits from before logging in goes once they are.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ASK_PARAM } from '@/lib/conversations.ts';
import { canBuy, useSession } from '@/lib/auth/session-context.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { ConfirmEmailFirst } from '@/components/confirm-email-first.tsx';
import { newClientId, useOpenConversation } from '@/features/messages/api/conversations.ts';
import { askSellerMessages } from '@/features/messages/messages.messages.ts';
import { SendBox } from './send-box.tsx';

/** What buyers ask first, sent with one tap. */
export const OPENERS = ['Is it still available?', 'What is your last price?', 'Can I see the papers?'] as const;
/** The same questions in the page's language: a Bangla reader sends them in Bangla. */
const OPENER_KEYS = ['openerAvailable', 'openerLastPrice', 'openerPapers'] as const;

/** Between the failure and its Retry. */
const SPACE = ' ';

/** Where a visitor's question waits while they log in (this tab only). */
export const WAITING_OPENER = 'opener-after-login';
/** A question left waiting longer than this (the visitor wandered off) is not sent. */
const WAITING_FOR = 30 * 60_000;

interface WaitingOpener {
  productId: string;
  text: string;
  clientId: string;
  /** When the visitor asked, in ms. */
  at: number;
}

/** Keeps a visitor's question about `productId` (and its id) while they log in. */
function keepWaiting(productId: string, text: string, clientId: string): void {
  const waiting: WaitingOpener = { productId, text, clientId, at: Date.now() };
  sessionStorage.setItem(WAITING_OPENER, JSON.stringify(waiting));
}

/** The question a visitor asked about `productId` before logging in, if it is still fresh. */
function waitingOpener(productId: string): WaitingOpener | null {
  try {
    const waiting = JSON.parse(sessionStorage.getItem(WAITING_OPENER) ?? 'null') as Partial<WaitingOpener> | null;
    if (
      waiting?.productId !== productId ||
      typeof waiting.text !== 'string' ||
      typeof waiting.clientId !== 'string' ||
      typeof waiting.at !== 'number' ||
      Date.now() - waiting.at > WAITING_FOR
    ) {
      return null;
    }
    return waiting as WaitingOpener;
  } catch {
    return null;
  }
}

export function MessageSeller({ productId, visitor, onLogIn }: { productId: string; visitor: boolean; onLogIn: () => void }) {
  const t = useT(askSellerMessages);
  const [params, setParams] = useSearchParams();
  // Open already when a question waits from before logging in (it is being sent), or
  // when the reader came from a card's Message seller.
  const [asked] = useState(() => params.has(ASK_PARAM));
  const [open, setOpen] = useState(() => asked || waitingOpener(productId) !== null);
  const firstOpener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!asked) return;
    firstOpener.current?.focus({ preventScroll: true });
    setParams(
      (now) => {
        now.delete(ASK_PARAM);
        return now;
      },
      // Dropping the parameter is no new page: the scroll that brings the panel into
      // view stays.
      { replace: true, preventScrollReset: true },
    );
  }, [asked, setParams]);
  const navigate = useNavigate();
  const { status, role, user } = useSession();
  const unconfirmed = status === 'signed-in' && user !== null && !user.emailVerified;
  const opening = useOpenConversation();
  // A message that did not go keeps its id, so sending it again is the same message.
  const tried = useRef<{ text: string; clientId: string } | null>(null);
  // On a phone the panel opens below the fold: bring all of it into view.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    const opened: Partial<HTMLElement> | null = panel.current;
    if (open) opened?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [open]);

  const send = (text: string, clientId: string) => {
    tried.current = { text, clientId };
    opening.mutate(
      { productId, text, clientId },
      {
        onSuccess: (opened) => {
          void navigate(`/dashboard/messages/${encodeURIComponent(opened.conversation._id)}`);
        },
        onSettled: () => {
          // Sent, or shown here with Retry (which keeps its id): it waits no longer.
          sessionStorage.removeItem(WAITING_OPENER);
        },
      },
    );
  };

  const ask = (text: string) => {
    const clientId = tried.current?.text === text ? tried.current.clientId : newClientId();
    if (visitor) {
      tried.current = { text, clientId };
      keepWaiting(productId, text, clientId);
      onLogIn();
    } else {
      send(text, clientId);
    }
  };

  // Back from logging in: the question the visitor picked goes now, once.
  const resumed = useRef(false);
  const sendWaiting = useEffectEvent(() => {
    const waiting = waitingOpener(productId);
    if (!waiting) return;
    // Those who may buy ask sellers: an admin who logged in has nothing to send (and the
    // bike's own seller never sees this panel).
    if (canBuy(role)) send(waiting.text, waiting.clientId);
    else sessionStorage.removeItem(WAITING_OPENER);
  });
  useEffect(() => {
    if (resumed.current || status !== 'signed-in' || unconfirmed) return;
    resumed.current = true;
    sendWaiting();
  }, [status, unconfirmed]);

  if (!open) {
    return (
      <button
        type="button"
        aria-expanded={false}
        onClick={() => {
          setOpen(true);
        }}
        className="min-h-11 w-full rounded-lg border border-brand-700 bg-white px-3 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
      >
        {t('messageSeller')}
      </button>
    );
  }
  return (
    <section ref={panel} aria-label={t('messageTheSeller')} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-stone-200">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-bold text-stone-900">{t('askTheSeller')}</h2>
        <button
          type="button"
          onClick={() => {
            setOpen(false);
          }}
          className="rounded px-2 py-1 text-sm text-stone-600 hover:bg-stone-100"
        >
          {t('close')}
        </button>
      </div>
      {visitor && <p className="mt-1 text-sm text-stone-600">{t('pickThenLogIn')}</p>}
      {unconfirmed ? (
        <ConfirmEmailFirst email={user.email} act="message" className="mt-2" />
      ) : (
        <>
          <div className="mt-2 flex flex-wrap gap-2">
            {OPENER_KEYS.map((key, index) => (
              <button
                key={key}
                ref={index === 0 ? firstOpener : undefined}
                type="button"
                disabled={opening.isPending}
                onClick={() => {
                  ask(t(key));
                }}
                className="min-h-10 rounded-full border border-stone-300 bg-stone-50 px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100 disabled:opacity-60"
              >
                {t(key)}
              </button>
            ))}
          </div>
          <div className="mt-3">
            <SendBox label={t('yourQuestion')} onSend={ask} />
          </div>
          {opening.isPending && <p className="mt-2 text-sm text-stone-600">{t('sending')}</p>}
          {opening.isError && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {t('notSent', { reason: opening.error.message })}{SPACE}
              <button
                type="button"
                onClick={() => {
                  if (tried.current) ask(tried.current.text);
                }}
                className="font-semibold underline"
              >
                {t('retry')}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
