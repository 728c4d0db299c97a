// One message in a conversation: mine on the right, theirs on the left, with its time in
// Dhaka's time; a photo shows as a photo; an offer as its card; a removed account's
// message keeps its place.
import type { ReactNode } from 'react';
import type { Message } from '@/features/messages/api/conversations.ts';
import { formatDhakaTime } from '@/utils/format-dhaka-time.ts';
import { OfferCard } from './offer-card.tsx';

interface BubbleProps {
  mine: boolean;
  text: string | null | undefined;
  image?: string | null | undefined;
  /** When it was sent; none while it is on its way. */
  sentAt?: string;
  /** Under the bubble: "Sending…", "Seen", or a retry. */
  footer?: ReactNode;
}

export function MessageBubble({ mine, text, image, sentAt, footer }: BubbleProps) {
  return (
    <li className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 sm:max-w-[70%] ${
          mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-white text-stone-900 ring-1 ring-stone-200'
        }`}
      >
        {image && <img src={image} alt="Photo sent in the conversation" className="mb-1 max-h-64 rounded-lg" />}
        {text ? (
          <p className="break-words whitespace-pre-line">{text}</p>
        ) : (
          !image && <p className="italic opacity-75">This message was removed with its sender’s account.</p>
        )}
        {sentAt && (
          <time dateTime={sentAt} className={`mt-0.5 block text-right text-xs ${mine ? 'text-brand-100' : 'text-stone-500'}`}>
            {formatDhakaTime(sentAt)}
          </time>
        )}
      </div>
      {footer}
    </li>
  );
}

/** A message kept by the server, with "Seen" under my last one once the other side read it. */
export function SentMessage({ message, mine, seen }: { message: Message; mine: boolean; seen: boolean }) {
  if (message.offer) {
    const footer = seen && <span className="mt-0.5 text-xs font-medium text-stone-500">Seen</span>;
    return <OfferCard offer={message.offer} mine={mine} sentAt={message.sentAt} footer={footer} />;
  }
  return (
    <MessageBubble
      mine={mine}
      text={message.text}
      image={message.image}
      sentAt={message.sentAt}
      footer={seen && <span className="mt-0.5 text-xs font-medium text-stone-500">Seen</span>}
    />
  );
}
