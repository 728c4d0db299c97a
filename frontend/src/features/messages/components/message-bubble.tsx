// One message in a conversation: mine on the right, theirs on the left, with its time in
// Dhaka's time; a photo shows as a photo; an offer as its card; a removed account's
// message keeps its place. A message that asks for money or gives a phone number carries a caution for its reader.
import type { ReactNode } from 'react';
import { warningOf } from '@/lib/live/safety-events.ts';
import type { Message } from '@/features/messages/api/conversations.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { dhakaTime } from '@/lib/i18n/dates.ts';
import { threadMessages } from '@/features/messages/messages.messages.ts';
import { MenuButton } from './menu-button.tsx';
import { MessageText } from './message-text.tsx';
import { OfferCard } from './offer-card.tsx';

/** What the reader of a message with a warning is told under it. */
export const CAUTIONS = {
  money: 'Careful: never send money before you have seen the bike and its papers.',
  phone: 'This message has a phone number. Meet in a public place and check the papers before you pay.',
} as const;

const CAUTION_KEYS = { money: 'cautionMoney', phone: 'cautionPhone' } as const;

/** The message menu's button, and the sign before a caution: the same in both languages. */
const MORE = '⋯';
const WARNING = '⚠️ ';

interface BubbleProps {
  mine: boolean;
  text: string | null | undefined;
  image?: string | null | undefined;
  /** When it was sent; none while it is on its way. */
  sentAt?: string;
  /** Whether addresses in it are links (once both sides have written). */
  linksLive?: boolean;
  /** Beside the bubble: the message's menu. */
  actions?: ReactNode;
  /** Under the bubble: "Sending…", "Seen", a caution, or a retry. */
  footer?: ReactNode;
}

export function MessageBubble({ mine, text, image, sentAt, linksLive = false, actions, footer }: BubbleProps) {
  const t = useT(threadMessages);
  const { locale } = useLanguage();
  return (
    <li className={`group flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
      <div className={`flex w-full items-center gap-1 ${mine ? 'flex-row-reverse' : ''}`}>
        <div
          className={`max-w-[85%] rounded-2xl px-3.5 py-2 sm:max-w-[70%] ${
            mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-white text-stone-900 ring-1 ring-stone-200'
          }`}
        >
          {image && <img src={image} alt={t('photoInConversation')} className="mb-1 max-h-64 rounded-lg" />}
          {text ? (
            <MessageText text={text} linksLive={linksLive} mine={mine} />
          ) : (
            !image && <p className="italic opacity-75">{t('removedWithAccount')}</p>
          )}
          {sentAt && (
            <time dateTime={sentAt} className={`mt-0.5 block text-right text-xs ${mine ? 'text-brand-100' : 'text-stone-500'}`}>
              {dhakaTime(sentAt, locale)}
            </time>
          )}
        </div>
        {actions}
      </div>
      {footer}
    </li>
  );
}

/**
 * A message kept by the server, with "Seen" under my last one once the other side read
 * it, a caution under theirs when it has a warning, and "Delete for me" in its menu.
 */
export function SentMessage({
  message,
  mine,
  seen,
  linksLive,
  onHide,
}: {
  message: Message;
  mine: boolean;
  seen: boolean;
  linksLive: boolean;
  onHide: (message: Message) => void;
}) {
  const t = useT(threadMessages);
  if (message.offer) {
    const footer = seen && <span className="mt-0.5 text-xs font-medium text-stone-500">{t('seen')}</span>;
    return <OfferCard offer={message.offer} mine={mine} sentAt={message.sentAt} footer={footer} />;
  }
  const warning = mine ? null : warningOf(message);
  const caution = warning && t(CAUTION_KEYS[warning]);
  return (
    <MessageBubble
      mine={mine}
      text={message.text}
      image={message.image}
      sentAt={message.sentAt}
      linksLive={linksLive}
      actions={
        <MenuButton
          label={t('messageOptions')}
          up
          start={mine}
          items={[{ label: t('deleteForMe'), onSelect: () => { onHide(message); } }]}
          buttonClassName="grid size-8 place-items-center rounded-full text-lg leading-none text-stone-500 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 hover:bg-stone-200 focus:opacity-100 aria-expanded:opacity-100 pointer-coarse:opacity-100"
        >
          <span aria-hidden="true">{MORE}</span>
        </MenuButton>
      }
      footer={
        caution ? (
          <p className="mt-1 max-w-[85%] rounded-lg border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900 sm:max-w-[70%]">
            <span aria-hidden="true">{WARNING}</span>
            {caution}
          </p>
        ) : (
          seen && <span className="mt-0.5 text-xs font-medium text-stone-500">{t('seen')}</span>
        )
      }
    />
  );
}
