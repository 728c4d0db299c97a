// A seller's Get verified (/dashboard/verification; docs/trust.md, "Sellers verified with
// evidence"): why the badge matters, then where their request stands. None yet: the three
// photos and Send for review. Waiting: "In review", with when it was sent. Rejected: the
// admin's reason in its own box, and the photos again for a new request. Verified (the
// account says so, or the latest request was approved): "You are verified" with the
// badge. The admin's decision arrives as a notification, which reads the request again.
// Asking needs a proven address: until then the page says so in the form's place.
import { useEffect, useRef, useState } from 'react';
import { ConfirmEmailFirst } from '@/components/confirm-email-first.tsx';
import { ClockIcon } from '@/components/icons.tsx';
import { PageSpinner } from '@/components/spinner.tsx';
import { VerificationBadge } from '@/components/verification-badge.tsx';
import type { VerificationRequest } from '@/lib/api/types.ts';
import { useSession } from '@/lib/auth/session-context.ts';
import { dhakaTime } from '@/lib/i18n/dates.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useMyVerification } from '@/features/verification/api/my-verification.ts';
import { RequestForm } from '@/features/verification/components/request-form.tsx';
import { verificationMessages } from '@/features/verification/verification.messages.ts';

type Say = ReturnType<typeof useT<keyof (typeof verificationMessages)['en']>>;

export function GetVerifiedPage() {
  const t = useT(verificationMessages);
  const { user } = useSession();
  usePageTitle(t('title'));
  const email = user?.email ?? '';
  const verifiedAccount = user?.verification === 'verified';
  const mine = useMyVerification(email, Boolean(user) && !verifiedAccount);
  // Sent from here just now: the "In review" that takes the form's place takes its focus.
  const [justSent, setJustSent] = useState(false);
  if (!user) return null;

  const request = mine.data ?? null;
  let body;
  if (verifiedAccount || request?.state === 'approved') {
    body = <Verified t={t} />;
  } else if (mine.isPending) {
    body = <PageSpinner label={t('loadingMine')} />;
  } else if (mine.isError) {
    body = (
      <div className="grid justify-items-start gap-3">
        <p role="alert" className="w-full rounded-lg bg-red-50 px-4 py-3 text-red-700 ring-1 ring-red-200">
          {mine.error.message}
        </p>
        <button
          type="button"
          onClick={() => void mine.refetch()}
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-4 font-semibold text-stone-800 hover:bg-stone-100"
        >
          {t('tryAgain')}
        </button>
      </div>
    );
  } else if (request?.state === 'pending') {
    body = <InReview request={request} focus={justSent} t={t} />;
  } else {
    body = (
      <div className="grid gap-6">
        {request?.state === 'rejected' && <Rejected request={request} t={t} />}
        {user.emailVerified ? (
          <RequestForm
            email={email}
            onSent={() => {
              setJustSent(true);
            }}
          />
        ) : (
          <ConfirmEmailFirst email={email} act="verify" />
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby="get-verified-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-8">
      <h2 id="get-verified-title" className="text-2xl font-bold text-stone-900">
        {t('title')}
      </h2>
      <p className="mt-1 mb-6 text-stone-600">{t('why')}</p>
      {body}
    </section>
  );
}

/** The seller is verified: the badge, and what it does. */
function Verified({ t }: { t: Say }) {
  return (
    <section
      aria-labelledby="verified-title"
      className="rounded-xl bg-sky-50 px-4 py-4 ring-1 ring-sky-200 sm:px-5"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id="verified-title" className="text-lg font-semibold text-sky-950">
          {t('verifiedTitle')}
        </h3>
        <VerificationBadge verified />
      </div>
      <p className="mt-1 text-sky-950">{t('verifiedWhat')}</p>
    </section>
  );
}

/** The request waits for an admin: when it went, and what happens next. */
function InReview({ request, focus, t }: { request: VerificationRequest; focus: boolean; t: Say }) {
  const { locale } = useLanguage();
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focus) box.current?.focus();
  }, [focus]);
  return (
    <section
      ref={box}
      tabIndex={-1}
      aria-labelledby="in-review-title"
      className="rounded-xl bg-amber-50 px-4 py-4 ring-1 ring-amber-200 focus:outline-none sm:px-5"
    >
      <h3 id="in-review-title" className="flex items-center gap-2 text-lg font-semibold text-amber-950">
        <ClockIcon className="size-5 shrink-0" aria-hidden="true" />
        {t('inReview')}
      </h3>
      <p className="mt-1 font-medium text-amber-950">
        <time dateTime={request.createdAt}>{t('sentAt', { time: dhakaTime(request.createdAt, locale) })}</time>
      </p>
      <p className="mt-1 text-amber-950">{t('inReviewWhat')}</p>
    </section>
  );
}

/** The last request was rejected: the admin's reason, word for word, and what to do. */
function Rejected({ request, t }: { request: VerificationRequest; t: Say }) {
  return (
    <section aria-labelledby="rejected-title" className="rounded-xl bg-red-50 px-4 py-4 ring-1 ring-red-200 sm:px-5">
      <h3 id="rejected-title" className="text-lg font-semibold text-red-900">
        {t('rejectedTitle')}
      </h3>
      {request.reason && (
        <figure className="mt-2">
          <figcaption className="text-sm font-medium text-red-900">{t('adminsReason')}</figcaption>
          <blockquote className="mt-1 rounded-lg border-l-4 border-red-400 bg-white px-3.5 py-2.5 break-words whitespace-pre-line text-stone-900">
            {request.reason}
          </blockquote>
        </figure>
      )}
      <p className="mt-2 text-red-900">{t('rejectedAgain')}</p>
    </section>
  );
}
