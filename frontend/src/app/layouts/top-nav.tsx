import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Avatar } from '@/components/avatar.tsx';
import { BRAND_PARTS } from '@/components/brand.ts';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { CloseIcon, MenuIcon, MotorcycleIcon } from '@/components/icons.tsx';
import { useSession } from '@/lib/auth/session-context.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { NotificationBell } from '@/features/notifications/components/notification-bell.tsx';
import { topNavMessages } from './top-nav.messages.ts';
import { ConnectionBanner } from './connection-banner.tsx';

const linkLook = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-[15px] font-medium transition-colors ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900'
  }`;

/** Top navigation: Home, Products, Blog; Dashboard and Sign Out, or Login; the language. */
export function TopNav() {
  const session = useSession();
  const t = useT(topNavMessages);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
  };

  const signOut = () => {
    session.signOut();
    close();
    toast.success(t('loggedOut'));
    void navigate('/login');
  };

  const links = (
    <>
      <li>
        <NavLink to="/" end className={linkLook} onClick={close}>
          {t('home')}
        </NavLink>
      </li>
      <li>
        <NavLink to="/products" className={linkLook} onClick={close}>
          {t('products')}
        </NavLink>
      </li>
      <li>
        <NavLink to="/blog" className={linkLook} onClick={close}>
          {t('blog')}
        </NavLink>
      </li>
      {session.status === 'signed-in' && (
        <li>
          <NavLink to="/dashboard" className={linkLook} onClick={close}>
            {t('dashboard')}
          </NavLink>
        </li>
      )}
    </>
  );

  const account =
    session.status === 'signed-in' ? (
      <button
        type="button"
        onClick={signOut}
        className="rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100"
      >
        {t('signOut')}
      </button>
    ) : session.status === 'signed-out' ? (
      <Link
        to="/login"
        onClick={close}
        className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
      >
        {t('login')}
      </Link>
    ) : null;

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <nav aria-label={t('main')} className="page-container flex h-16 items-center gap-4">
        <Link to="/" className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-stone-900">
          <span className="flex size-9 items-center justify-center rounded-full bg-brand-700">
            <MotorcycleIcon className="size-5 text-white" />
          </span>
          {BRAND_PARTS[0]}
          <span className="-ml-2 text-brand-700">{BRAND_PARTS[1]}</span>
        </Link>

        <ul className="ml-6 hidden items-center gap-1 md:flex">{links}</ul>

        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          {session.status === 'signed-in' && <NotificationBell />}
          {/* Not on a phone: the bell, the language and the menu fill its width. (The
              wrapper hides it; the avatar's own display would win over a class.) */}
          {session.status === 'signed-in' && session.user && (
            <span className="hidden sm:inline-flex">
              <Avatar
                image={session.user.image}
                name={session.user.name}
                size={36}
                className="border border-stone-200"
              />
            </span>
          )}
          <LanguageSwitch />
          <div className="hidden md:block">{account}</div>
          <button
            type="button"
            className="rounded-lg p-2 text-stone-700 hover:bg-stone-100 md:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t('closeMenu') : t('openMenu')}
            onClick={() => {
              setOpen((value) => !value);
            }}
          >
            {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
      </nav>

      {open && (
        <div id="mobile-menu" className="border-t border-stone-200 bg-white md:hidden">
          <ul className="page-container space-y-1 py-3">{links}</ul>
          <div className="page-container pb-4">{account}</div>
        </div>
      )}
      {/* Hangs just under the bar wherever the bar is: below the address banner, or stuck to the top. */}
      <ConnectionBanner />
    </header>
  );
}
