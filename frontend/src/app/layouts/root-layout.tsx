import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Bounce, ToastContainer } from 'react-toastify';

/** Above both layouts: toasts (spec §9: 5 s; top centre on the public side, top right elsewhere). */
export function RootLayout() {
  const { pathname } = useLocation();
  const isDashboard = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  return (
    <>
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
