// The bell in the top bar: the unread count, and the newest notifications in a dropdown
// (on a phone, the notifications page). A notification that arrives while the page is
// open also shows as a toast that links to where to act.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { BellIcon } from '@/components/icons.tsx';
import type { Notifications } from '@/lib/api/types.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber, localDigits } from '@/lib/i18n/numbers.ts';
import { useMarkRead, useNotifications } from '@/features/notifications/api/notifications.ts';
import { notificationsMessages } from '@/features/notifications/notifications.messages.ts';
import { NotificationList } from './notification-list.tsx';

/** How many the dropdown shows; the page shows all the server lists. */
const IN_DROPDOWN = 8;

/** Toasts each unread notification that arrives after the bell first read the list. */
function useToastNewNotifications(bell: Notifications | undefined): void {
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!bell) {
      // Signed out, or another user: whatever comes next is their starting list.
      known.current = null;
      return;
    }
    if (known.current === null) {
      known.current = new Set(bell.notifications.map((n) => n._id));
      return;
    }
    for (const notification of bell.notifications) {
      if (known.current.has(notification._id)) continue;
      known.current.add(notification._id);
      if (notification.read) continue;
      toast.info(
        <Link to={notification.link} className="hover:underline">
          {notification.message}
        </Link>,
        { toastId: `notification-${notification._id}` },
      );
    }
  }, [bell]);
}

function Badge({ unread }: { unread: number }) {
  const { locale } = useLanguage();
  if (unread === 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-bold text-white tabular-nums"
    >
      {unread > 99 ? localDigits('99+', locale) : formatNumber(unread, locale)}
    </span>
  );
}

export function NotificationBell() {
  const { locale } = useLanguage();
  const t = useT(notificationsMessages);
  const bell = useNotifications(true);
  useToastNewNotifications(bell.data);
  const markRead = useMarkRead();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const unread = bell.data?.unread ?? 0;
  const label = unread > 0 ? t('bellUnread', { unread: formatNumber(unread, locale) }) : t('notifications');

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (event.target instanceof Node && !panel.current?.contains(event.target)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const look = 'relative rounded-lg p-2 text-stone-700 hover:bg-stone-100';
  return (
    <div ref={panel} className="relative">
      <Link to="/dashboard/notifications" aria-label={label} className={`${look} block sm:hidden`}>
        <BellIcon className="size-6" />
        <Badge unread={unread} />
      </Link>
      <button
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls="notifications-panel"
        onClick={() => {
          setOpen((value) => !value);
        }}
        className={`${look} hidden sm:block`}
      >
        <BellIcon className="size-6" />
        <Badge unread={unread} />
      </button>
      {open && (
        <div
          id="notifications-panel"
          role="region"
          aria-label={t('notifications')}
          className="absolute right-0 z-50 mt-2 w-96 max-w-[calc(100vw-2rem)] overflow-hidden rounded-xl bg-white shadow-lg ring-1 ring-stone-200"
        >
          <div className="flex items-center justify-between border-b border-stone-100 px-4 py-3">
            <p className="font-semibold text-stone-900">{t('notifications')}</p>
            {unread > 0 && (
              <button
                type="button"
                onClick={() => {
                  markRead.mutate({ all: true });
                }}
                className="text-sm font-semibold text-brand-800 hover:underline"
              >
                {t('markAllRead')}
              </button>
            )}
          </div>
          <div className="max-h-[60vh] overflow-y-auto">
            <NotificationList
              notifications={(bell.data?.notifications ?? []).slice(0, IN_DROPDOWN)}
              onOpen={() => {
                setOpen(false);
              }}
            />
          </div>
          <Link
            to="/dashboard/notifications"
            onClick={() => {
              setOpen(false);
            }}
            className="block border-t border-stone-100 px-4 py-3 text-center text-sm font-semibold text-brand-800 hover:bg-stone-50"
          >
            {t('seeAll')}
          </Link>
        </div>
      )}
    </div>
  );
}
