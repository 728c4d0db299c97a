// Says so within seconds when the page cannot reach the marketplace: the browser is
// offline, or calls go unanswered (lib/connection); or, calls answered, that the live
// socket is away and the page does not update by itself until it is back. Pages keep what they loaded; queries
// start again by themselves once the browser is back online, and Retry asks again now.
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { connection, subscribeToConnection, type Connection } from '@/lib/connection/connection.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { connectionBannerMessages } from './connection-banner.messages.ts';

const online = (): Connection => 'online';

export function ConnectionBanner() {
  const state = useSyncExternalStore(subscribeToConnection, connection, online);
  const queryClient = useQueryClient();
  const t = useT(connectionBannerMessages);
  return (
    // Always there, so a screen reader hears what appears in it (a live region without the
    // status role: the pages' own status messages stay the one status each shows). Just
    // under the top bar (rendered inside it), one short line: clear of the message box
    // and buttons at the bottom of a phone.
    <div aria-live="polite" className="pointer-events-none absolute inset-x-0 top-full mt-1.5 flex justify-center px-4 print:hidden">
      {state !== 'online' && (
        <div className="pointer-events-auto rounded-xl bg-stone-900 text-sm text-white shadow-lg ring-2 ring-white">
          <div className="flex items-center gap-x-3 px-4 py-1.5">
            <p className="min-w-0">{t(state)}</p>
            {state === 'unreachable' && (
              <button
                type="button"
                onClick={() => void queryClient.refetchQueries({ type: 'active' })}
                className="rounded-lg bg-white px-3 py-1.5 font-semibold text-stone-900 hover:bg-stone-100"
              >
                {t('retry')}
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
