// "Messages" beside a seller's bike (My Products, My Buyers): the inbox showing that
// bike's conversations only, with how many of their messages wait unread.
import { Link } from 'react-router';
import { useSession } from '@/lib/auth/session-context.ts';
import { bikeMessagesPath, useUnreadAbout } from '@/lib/conversations.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber } from '@/lib/i18n/numbers.ts';
import { sharedMessages } from './shared.messages.ts';
import { UnreadBadge } from './unread-badge.tsx';

export function BikeMessagesLink({ productId, productName }: { productId: string; productName: string }) {
  const { user } = useSession();
  const { locale } = useLanguage();
  const t = useT(sharedMessages);
  const unread = useUnreadAbout(productId, user?._id ?? '');
  return (
    <Link
      to={bikeMessagesPath(productId)}
      state={{ bikeName: productName }}
      aria-label={
        unread > 0
          ? t('messagesAboutUnread', { name: productName, unread: formatNumber(unread, locale) })
          : t('messagesAbout', { name: productName })
      }
      className="inline-flex items-center gap-1.5 rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-stone-800 hover:bg-stone-100"
    >
      {t('messages')}
      {unread > 0 && <UnreadBadge count={unread} />}
    </Link>
  );
}
