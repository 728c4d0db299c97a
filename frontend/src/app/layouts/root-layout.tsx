import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Bounce, ToastContainer } from 'react-toastify';
import { UnverifiedBanner } from './unverified-banner.tsx';

/** Above both layouts: the unconfirmed-address banner, toasts (spec §9: 5 s; top centre on the public side, top right elsewhere). */
export function RootLayout() {
  const { pathname } = useLocation();
  const isDashboard = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  return (
    <>
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
