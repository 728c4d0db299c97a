import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Bounce, ToastContainer } from 'react-toastify';
import { SkipLink, useFocusOnPageChange } from './page-focus.tsx';
import { UnverifiedBanner } from './unverified-banner.tsx';

/**
 * Above both layouts: the skip link and the focus moved to each new page's heading, the
 * unconfirmed-address banner, and toasts that close after 5 s, top
 * centre on the public pages and top right in the dashboard; while a dialog is open they
 * show at the bottom instead, clear of its title and close button (index.css).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const isDashboard = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  useFocusOnPageChange();
  return (
    <>
      <SkipLink />
      <UnverifiedBanner />
      <Outlet />
      <ToastContainer
        position={isDashboard ? 'top-right' : 'top-center'}
        autoClose={5000}
        transition={Bounce}
        newestOnTop
      />
      <ScrollRestoration />
    </>
  );
}
