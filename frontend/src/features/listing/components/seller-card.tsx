// Who sells a bike, on its page: name, the verified badge (and "Phone verified" when the
// listing's phone is the number the seller confirmed by SMS), how long they have been a
// member, and — for a buyer, when the server sent them — a phone to call (and to chat on
// WhatsApp when it takes it) and an e-mail
// (a buyer whose address is not confirmed yet is told to confirm it).
// A visitor is offered to log in for the contact; sellers and admins browse without it.
// Under it, the seller's terms: the ways to pay they take and any deposit to reserve.
import { MailIcon, PhoneIcon, ShieldCheckIcon } from '@/components/icons.tsx';
import type { Listing } from '@/lib/api/types.ts';
import { formatMonthYear } from '@/lib/i18n/dates.ts';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import type { LogInReason, Viewer } from './listing-actions.tsx';
import {
  ConfirmForContact,
  ContactLogInButton,
  contactWithheld,
  PhoneVerifiedBadge,
  SellerRatingBadge,
  WhatsAppChat,
} from './listing-labels.tsx';
import { PayWays } from './pay-ways.tsx';
import { sellerCardMessages } from './seller-card.messages.ts';

export function SellerCard({
  listing,
  viewer,
  onLogIn,
}: {
  listing: Listing;
  viewer: Viewer;
  onLogIn: (reason: LogInReason) => void;
}) {
  const t = useT(sellerCardMessages);
  const { locale } = useLanguage();
  const since = formatMonthYear(listing.sellerSince, locale);
  const initial = listing.sellerName.trim().charAt(0).toUpperCase() || '?';
  const contact = viewer === 'buyer';
  return (
    <>
      <section
        aria-labelledby="seller-title"
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      >
        <h2 id="seller-title" className="text-sm font-semibold tracking-wide text-stone-500 uppercase">
          {t('seller')}
        </h2>
        <div className="mt-2 flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800"
          >
            {initial}
          </span>
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 font-semibold text-stone-900">
              <span className="truncate">{listing.sellerName}</span>
              {listing.sellerVerification && (
                <span className="inline-flex items-center gap-0.5 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-800">
                  <ShieldCheckIcon className="size-3.5" aria-hidden="true" />
                  {t('verifiedSeller')}
                </span>
              )}
              <PhoneVerifiedBadge listing={listing} />
            <SellerRatingBadge listing={listing} />
            </p>
            {since && <p className="text-sm text-stone-600">{t('memberSince', { since })}</p>}
          </div>
        </div>
        {contact && (listing.sellerPhone !== undefined || listing.sellerEmail !== undefined) && (
          <div className="mt-3 grid gap-2">
            {listing.sellerPhone !== undefined && (
              <a
                href={`tel:${listing.sellerPhone}`}
                className="flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-50 px-3 py-2 font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
              >
                <PhoneIcon className="size-4 shrink-0" aria-hidden="true" />
                <span className="sr-only">{t('call')}</span>
                {listing.sellerPhone}
              </a>
            )}
            <WhatsAppChat
              listing={listing}
              className="flex min-h-11 items-center justify-center gap-2 rounded-lg bg-emerald-50 px-3 py-2 font-semibold text-emerald-800 ring-1 ring-emerald-200 hover:bg-emerald-100"
            />
            {listing.sellerEmail !== undefined && (
              <a
                href={`mailto:${listing.sellerEmail}`}
                className="flex min-w-0 items-center justify-center gap-2 text-sm text-stone-700 hover:underline"
              >
                <MailIcon className="size-4 shrink-0" aria-hidden="true" />
                <span className="truncate">{listing.sellerEmail}</span>
              </a>
            )}
          </div>
        )}
        {contact && contactWithheld(listing) && <ConfirmForContact className="mt-3" />}
        {viewer === 'visitor' && (
          <ContactLogInButton
            onLogIn={onLogIn}
            className="mt-3 min-h-11 w-full justify-center rounded-lg border border-stone-300 px-3 py-2 text-sm hover:bg-stone-50"
          />
        )}
      </section>
      <PayWays listing={listing} className="mt-4" />
    </>
  );
}
