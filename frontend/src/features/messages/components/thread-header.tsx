// The top of a conversation: the bike it is about (photo and name, linking to it) and
// who is on the other side, and the conversation's menu.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { translate } from '@/lib/i18n/catalog.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import type { Locale } from '@/lib/i18n/numbers.ts';
import type { Conversation } from '@/features/messages/api/conversations.ts';
import { threadMessages } from '@/features/messages/messages.messages.ts';

/** The arrow before "Inbox": the same in both languages. */
const BACK = '‹ ';

export function ThreadHeader({
  conversation,
  otherName,
  children,
}: {
  conversation: Conversation;
  otherName: string;
  /** At the end of the header: the conversation's menu. */
  children?: ReactNode;
}) {
  const t = useT(threadMessages);
  return (
    <header className="flex items-center gap-3 border-b border-stone-200 bg-white px-3 py-2.5 sm:px-4">
      <Link
        to="/dashboard/messages"
        className="shrink-0 rounded-lg px-1.5 py-1 text-sm font-semibold text-brand-800 hover:bg-stone-100"
      >
        <span aria-hidden="true">{BACK}</span>
        {t('inbox')}
      </Link>
      <Link to={`/products/${encodeURIComponent(conversation.productId)}`} className="flex min-w-0 items-center gap-3 hover:underline">
        <img src={conversation.productImage} alt="" className="size-11 shrink-0 rounded-lg object-cover" />
        <span className="min-w-0">
          <span className="line-clamp-3 font-bold break-words text-stone-900">{conversation.productName}</span>
          <span className="block text-sm break-words text-stone-600">{t('withName', { name: otherName })}</span>
        </span>
      </Link>
      {children && <div className="ml-auto shrink-0">{children}</div>}
    </header>
  );
}

/** The other side's name as the reader sees it; a removed account has none. */
export function otherSideName(conversation: Conversation, me: string, locale: Locale = 'en'): string {
  const name = conversation.buyerId === me ? conversation.sellerName : conversation.buyerName;
  return name ?? translate(threadMessages, locale, 'removedAccount');
}
