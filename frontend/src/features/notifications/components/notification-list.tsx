// The notifications, newest first: each says what happened and links to where to act;
// an unread one is marked and can be marked read. The bell's dropdown and the
// notifications page show the same list.
import { Link } from 'react-router';
import type { Notification } from '@/lib/api/types.ts';
import { formatPostTime } from '@/lib/i18n/dates.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { useMarkRead } from '@/features/notifications/api/notifications.ts';
import { notificationsMessages } from '@/features/notifications/notifications.messages.ts';

export function NotificationList({
  notifications,
  onOpen,
}: {
  notifications: readonly Notification[];
  /** Called when the reader follows a notification's link (the dropdown closes). */
  onOpen?: () => void;
}) {
  const markRead = useMarkRead();
  const { locale } = useLanguage();
  const t = useT(notificationsMessages);
  if (notifications.length === 0) {
    return (
      <p className="px-4 py-6 text-center text-sm text-stone-600">
        {t('empty')}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-stone-100">
      {notifications.map((notification) => (
        <li
          key={notification._id}
          className={`flex items-start gap-3 px-4 py-3 ${notification.read ? '' : 'bg-brand-50/60'}`}
        >
          <span
            aria-hidden="true"
            className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.read ? 'bg-transparent' : 'bg-brand-600'}`}
          />
          <div className="min-w-0 flex-1">
            <Link
              to={notification.link}
              onClick={() => {
                if (!notification.read) markRead.mutate({ ids: [notification._id] });
                onOpen?.();
              }}
              className="block text-sm text-stone-800 hover:underline"
            >
              {!notification.read && <span className="sr-only">{t('unreadPrefix')}</span>} {notification.message}
            </Link>
            <time dateTime={notification.createdAt} className="mt-0.5 block text-xs text-stone-500">
              {formatPostTime(notification.createdAt, locale)}
            </time>
          </div>
          {!notification.read && (
            <button
              type="button"
              onClick={() => {
                markRead.mutate({ ids: [notification._id] });
              }}
              className="shrink-0 rounded-md px-2 py-1 text-xs font-semibold text-brand-800 hover:bg-brand-100"
            >
              {t('markRead')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
