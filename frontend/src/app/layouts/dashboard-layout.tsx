import { NavLink, Outlet } from 'react-router';
import { usePageChange } from './use-page-change.ts';
import { Avatar } from '@/components/avatar.tsx';
import { PageSpinner } from '@/components/spinner.tsx';
import type { Role } from '@/lib/api/types.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { useInbox } from '@/features/messages/api/conversations.ts';
import { UnreadBadge } from '@/components/unread-badge.tsx';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber } from '@/lib/i18n/numbers.ts';
import { dashboardLayoutMessages } from './dashboard-layout.messages.ts';
import { TopNav } from './top-nav.tsx';

type Key = keyof (typeof dashboardLayoutMessages)['en'];

interface SideLink {
  label: Key;
  to: string;
}

const MESSAGES = '/dashboard/messages';

/** Side panel links by role (docs/product.md, 'Screens and routes'). */
const SIDE_LINKS: Record<Role, SideLink[]> = {
  admin: [
    { label: 'addCategory', to: '/dashboard/add-category' },
    { label: 'allSellers', to: '/dashboard/all-seller' },
    { label: 'verifications', to: '/dashboard/verification-requests' },
    { label: 'listingReviews', to: '/dashboard/listing-reviews' },
    { label: 'allBuyers', to: '/dashboard/all-buyer' },
    { label: 'reportedProducts', to: '/dashboard/reported-products' },
    { label: 'reportedConversations', to: '/dashboard/reported-conversations' },
    { label: 'deals', to: '/dashboard/deals' },
    { label: 'audit', to: '/dashboard/audit' },
    // Buyers and sellers reach it from their inbox; an admin, who has none, from here.
    { label: 'blocked', to: '/dashboard/blocked' },
  ],
  // A seller buys too: their bookings and wishlist sit beside their bikes.
  seller: [
    { label: 'addProduct', to: '/dashboard/add-product' },
    { label: 'myProducts', to: '/dashboard/seller-products' },
    { label: 'myBuyers', to: '/dashboard/my-buyers' },
    { label: 'myOrders', to: '/dashboard/my-orders' },
    { label: 'wishlist', to: '/dashboard/wishlist' },
    { label: 'messages', to: MESSAGES },
    { label: 'getVerified', to: '/dashboard/verification' },
  ],
  // "Sell your bike" makes the same account a seller's too (the add-product page asks first).
  buyer: [
    { label: 'myOrders', to: '/dashboard/my-orders' },
    { label: 'wishlist', to: '/dashboard/wishlist' },
    { label: 'messages', to: MESSAGES },
    { label: 'sellYourBike', to: '/dashboard/add-product' },
  ],
};

/** The dashboard's heading by role: "Buyer Dashboard". */
const roleHeading: Record<Role, Key> = {
  admin: 'adminDashboard',
  seller: 'sellerDashboard',
  buyer: 'buyerDashboard',
};

const sideLook = ({ isActive }: { isActive: boolean }) =>
  `flex items-center justify-between gap-2 whitespace-nowrap rounded-lg px-4 py-2.5 text-sm font-medium transition-colors ${
    isActive ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100'
  }`;

/** The dashboard: its header (role, avatar, name, e-mail), the side panel, the page. */
export function DashboardLayout() {
  const { user, role } = useSession();
  const changing = usePageChange();
  const { locale } = useLanguage();
  const t = useT(dashboardLayoutMessages);
  // Buyers and sellers talk about bikes: the Messages link counts what is unread.
  const inbox = useInbox(user && role !== 'admin' ? user._id : '');
  const unread = (inbox.data ?? []).reduce((sum, conversation) => sum + conversation.unread, 0);
  // The guard above renders this only for a signed-in user.
  if (!user || !role) return <PageSpinner label={t('checkingSession')} />;

  return (
    <div className="flex min-h-screen flex-col bg-stone-100 print:bg-white">
      {/* On paper only the page itself: a receipt, not the site's navigation. */}
      <div className="contents print:hidden">
        <TopNav />
      </div>
      <div className="border-b border-stone-200 bg-white print:hidden">
        <div className="page-container flex items-center gap-4 py-5">
          <Avatar image={user.image} name={user.name} size={56} className="shrink-0 border-2 border-brand-600" />
          <div className="min-w-0 flex-1">
            <h1 className="text-xl font-bold text-stone-900 sm:text-2xl">{t(roleHeading[role])}</h1>
            <p className="text-sm font-medium text-stone-800">{user.name}</p>
            <p className="truncate text-sm text-stone-600">{user.email}</p>
          </div>
        </div>
      </div>

      <div className="page-container flex flex-1 flex-col gap-6 py-6 lg:flex-row">
        <nav aria-label={t('dashboard')} className="lg:w-60 lg:shrink-0 print:hidden">
          <ul className="flex flex-wrap gap-2 rounded-xl bg-white p-2 shadow-sm lg:flex-col lg:flex-nowrap">
            {SIDE_LINKS[role].map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  aria-label={
                    link.to === MESSAGES && unread > 0
                      ? t('unreadLink', { label: t(link.label), unread: formatNumber(unread, locale) })
                      : undefined
                  }
                  className={sideLook}
                >
                  {t(link.label)}
                  {link.to === MESSAGES && unread > 0 && <UnreadBadge count={unread} />}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1">
          {changing ? <PageSpinner /> : <Outlet />}
        </main>
      </div>
    </div>
  );
}
