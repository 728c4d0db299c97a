// Every notification the server keeps for the reader (the newest 50), with mark as read:
// where the bell leads on a phone.
import { PageSpinner } from '@/components/spinner.tsx';
import { useSession } from '@/lib/auth/session-context.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { useMarkRead, useNotifications } from '@/features/notifications/api/notifications.ts';
import { NotificationList } from '@/features/notifications/components/notification-list.tsx';
import { notificationsMessages } from '@/features/notifications/notifications.messages.ts';

export function NotificationsPage() {
  const { status } = useSession();
  const t = useT(notificationsMessages);
  const bell = useNotifications(status === 'signed-in');
  const markRead = useMarkRead();
  const unread = bell.data?.unread ?? 0;
  return (
    <section aria-labelledby="notifications-title">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="notifications-title" className="text-2xl font-bold text-stone-900">
          {t('notifications')}
        </h2>
        {unread > 0 && (
          <button
            type="button"
            onClick={() => {
              markRead.mutate({ all: true });
            }}
            className="rounded-lg border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100"
          >
            {t('markAllRead')}
          </button>
        )}
      </div>
      {bell.isPending ? (
        <PageSpinner label={t('loading')} />
      ) : bell.isError ? (
        <p role="alert" className="text-red-700">
          {bell.error.message}
        </p>
      ) : (
        <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          <NotificationList notifications={bell.data.notifications} />
        </div>
      )}
    </section>
  );
}
