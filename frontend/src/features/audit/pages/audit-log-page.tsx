// The admins' Audit log (/dashboard/audit; docs/trust.md, "Every admin action on
// record"): every admin action, newest first — what was done, when, by whom, to whom (a
// listing or a deal links to its page) and why — filtered by action (kept in the
// address, so a filtered log can be shared), 50 entries a page with "Older" for the next.
// Entries keep the names as they were when the admin acted: they outlive the people and
// listings they name.
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { inputLook } from '@/components/form-field.tsx';
import { PageSpinner } from '@/components/spinner.tsx';
import type { AuditEntry } from '@/lib/api/types.ts';
import { dhakaDate } from '@/lib/i18n/dates.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { AUDIT_ACTIONS, isAuditAction, useAuditLog } from '@/features/audit/api/audit-log.ts';
import { auditActionMessages, auditMessages } from '@/features/audit/audit.messages.ts';

const FILTER_ID = 'audit-action';

/** The id of the element showing entry `id`. */
const entryElementId = (id: string) => `audit-entry-${id}`;

/** Where the target of an entry is looked at now: a listing's page, a deal's timeline. */
function targetLink(entry: AuditEntry): string | null {
  if (entry.targetKind === 'listing') return `/products/${encodeURIComponent(entry.targetId)}`;
  if (entry.targetKind === 'booking') return `/dashboard/deals/${encodeURIComponent(entry.targetId)}`;
  return null;
}

function Entry({ entry }: { entry: AuditEntry }) {
  const t = useT(auditMessages);
  const sayAction = useT(auditActionMessages);
  const { locale } = useLanguage();
  const what = isAuditAction(entry.action) ? sayAction(entry.action) : entry.action;
  const target = t('target', { kind: entry.targetKind, label: entry.targetLabel });
  const link = targetLink(entry);
  return (
    <li>
      <article
        id={entryElementId(entry._id)}
        tabIndex={-1}
        aria-label={what}
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <h3 className="font-semibold text-stone-900">{what}</h3>
          <time dateTime={entry.createdAt} className="text-xs text-stone-500">
            {dhakaDate(entry.createdAt, locale)}
          </time>
        </div>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-stone-500">{t('by')}</dt>
          <dd className="break-words text-stone-800">{entry.actorName}</dd>
          <dt className="text-stone-500">{t('to')}</dt>
          <dd className="wrap-anywhere text-stone-800">
            {link ? (
              <Link to={link} className="font-medium text-brand-800 underline-offset-2 hover:underline">
                {target}
              </Link>
            ) : (
              target
            )}
          </dd>
          {entry.reason && (
            <>
              <dt className="text-stone-500">{t('why')}</dt>
              <dd className="break-words whitespace-pre-line text-stone-800">{entry.reason}</dd>
            </>
          )}
        </dl>
      </article>
    </li>
  );
}

export function AuditLogPage() {
  const t = useT(auditMessages);
  const sayAction = useT(auditActionMessages);
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const asked = params.get('action') ?? '';
  // An action the log does not record (an old or mistyped address) shows every action.
  const action = isAuditAction(asked) ? asked : '';
  const log = useAuditLog(action);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  // After "Older", the focus goes to the first entry it brought, where reading goes on.
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAt.current;
    const first = at === null ? undefined : entries[at];
    if (!first) return;
    focusAt.current = null;
    document.getElementById(entryElementId(first._id))?.focus();
  });

  const loadOlder = () => {
    if (log.isFetchingNextPage) return;
    focusAt.current = entries.length;
    void log.fetchNextPage();
  };

  return (
    <section aria-labelledby="audit-log-title">
      <h2 id="audit-log-title" className="mb-2 text-2xl font-bold text-stone-900">
        {t('title')}
      </h2>
      <p className="mb-4 text-sm text-stone-600">{t('intro')}</p>
      <div className="mb-4 sm:max-w-xs">
        <label htmlFor={FILTER_ID} className="block text-sm font-medium text-stone-800">
          {t('show')}
        </label>
        <select
          id={FILTER_ID}
          value={action}
          onChange={(event) => {
            const next = event.target.value;
            setParams(next ? { action: next } : {}, { replace: true });
          }}
          className={inputLook}
        >
          <option value="">{t('everyAction')}</option>
          {AUDIT_ACTIONS.map((name) => (
            <option key={name} value={name}>
              {sayAction(name)}
            </option>
          ))}
        </select>
      </div>
      {log.isPending ? (
        <PageSpinner label={t('loading')} />
      ) : log.isError && entries.length === 0 ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-6 text-center text-red-700 ring-1 ring-red-200">
          {log.error.message}
        </p>
      ) : entries.length === 0 ? (
        <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-stone-200">
          <p className="text-lg text-stone-700">{action ? t('emptyFiltered') : t('empty')}</p>
          {!action && <p className="mt-1 text-sm text-stone-600">{t('emptyMore')}</p>}
        </div>
      ) : (
        <>
          <ol aria-label={t('entries')} className="flex flex-col gap-3">
            {entries.map((entry) => (
              <Entry key={entry._id} entry={entry} />
            ))}
          </ol>
          {log.isFetchNextPageError && (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700 ring-1 ring-red-200">
              {log.error.message}
            </p>
          )}
          <div className="mt-4 flex justify-center">
            {log.hasNextPage ? (
              <button
                type="button"
                aria-disabled={log.isFetchingNextPage || undefined}
                onClick={loadOlder}
                className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-6 py-2.5 font-semibold text-stone-800 shadow-sm hover:bg-stone-100 aria-disabled:cursor-wait aria-disabled:opacity-60"
              >
                {log.isFetchingNextPage && (
                  <span
                    aria-hidden="true"
                    className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
                  />
                )}
                {log.isFetchingNextPage ? t('loadingOlder') : t('older')}
              </button>
            ) : (
              <p className="text-sm text-stone-600">{t('allShown')}</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
