// "Messages" beside a seller's bike (My Products, My Buyers): the inbox showing that
// bike's conversations only, with how many of their messages wait unread.
import { Link } from 'react-router';
import { useSession } from '@/lib/auth/session-context.ts';
import { bikeMessagesPath, useUnreadAbout } from '@/lib/conversations.ts';
import { UnreadBadge } from './unread-badge.tsx';

export function BikeMessagesLink({ productId, productName }: { productId: string; productName: string }) {
  const { user } = useSession();
  const unread = useUnreadAbout(productId, user?._id ?? '');
  return (
    <Link
      to={bikeMessagesPath(productId)}
      state={{ bikeName: productName }}
      aria-label={`Messages about ${productName}${unread > 0 ? `, ${String(unread)} unread` : ''}`}
      className="inline-flex items-center gap-1.5 rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-stone-800 hover:bg-stone-100"
    >
      Messages
      {unread > 0 && <UnreadBadge count={unread} />}
    </Link>
  );
}
