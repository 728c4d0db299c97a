import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Bounce, ToastContainer, type CloseButtonProps } from 'react-toastify';
import { CloseIcon } from '@/components/icons.tsx';
import { useT } from '@/lib/i18n/language-context.ts';
import { SkipLink, useFocusOnPageChange } from './page-focus.tsx';
import { rootLayoutMessages } from './root-layout.messages.ts';
import { UnverifiedBanner } from './unverified-banner.tsx';

/**
 * Above both layouts: the skip link and the focus moved to each new page's heading, the
 * unconfirmed-address banner, and toasts that close after 5 s, top
 * centre on the public pages and top right in the dashboard; while a dialog is open they
 * show at the bottom instead, clear of its title and close button (index.css). A toast's
 * close button is named in the page's language.
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
        closeButton={ToastClose}
      />
      <ScrollRestoration />
    </>
  );
}

function ToastClose({ closeToast }: CloseButtonProps) {
  const t = useT(rootLayoutMessages);
  return (
    <button
      type="button"
      aria-label={t('closeToast')}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
      className="-m-1 self-start rounded p-1 text-stone-500 hover:text-stone-800 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <CloseIcon className="size-4" aria-hidden="true" />
    </button>
  );
}
