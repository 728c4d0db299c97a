// A listing's page, opened by its seller or an admin while buyers cannot see it
// (docs/trust.md, "Listings reviewed when it matters"): a banner says so first — in
// review, or rejected with the admin's reason — with the way on: its seller edits a
// rejected one (which sends it back for review) or finds it in My Products; an admin
// decides it in Listing review. Nobody is offered to book, message, save or report it
// meanwhile.
import { Link } from 'react-router';
import type { Listing } from '@/lib/api/types.ts';
import { useT } from '@/lib/i18n/language-context.ts';
import { inReview } from '@/lib/listing-state.ts';
import { listingStateMessages } from '@/lib/listing-state.messages.ts';
import type { Viewer } from '@/features/listing/components/listing-actions.tsx';
import { listingStateBannerMessages } from './listing-state-banner.messages.ts';

const linkLook = 'font-semibold underline underline-offset-2 hover:no-underline';

export function ListingStateBanner({ listing, viewer }: { listing: Listing; viewer: Viewer }) {
  const t = useT(listingStateMessages);
  const said = useT(listingStateBannerMessages);
  const owner = viewer === 'owner';
  const waiting = inReview(listing);
  const title = waiting
    ? t('pageInReview')
    : listing.stateReason
      ? t('rejectedBecause', { reason: listing.stateReason })
      : t('rejected');
  return (
    <section
      aria-labelledby="listing-state-title"
      className={`mb-4 rounded-xl px-4 py-3 ring-1 ${
        waiting ? 'bg-amber-50 text-amber-950 ring-amber-200' : 'bg-red-50 text-red-900 ring-red-200'
      }`}
    >
      <h2 id="listing-state-title" className="font-bold wrap-break-word">
        {title}
      </h2>
      {waiting ? (
        owner && (
          <p className="mt-1 text-sm">
            {t('inReviewWhy')} {t('weTellYou')}
          </p>
        )
      ) : (
        <p className="mt-1 text-sm">{t('pageRejected')}</p>
      )}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {owner && !waiting && (
          <Link to={`/dashboard/edit-product/${encodeURIComponent(listing._id)}`} className={linkLook}>
            {said('editIt', { name: listing.productName })}
          </Link>
        )}
        {owner && (
          <Link to="/dashboard/seller-products" className={linkLook}>
            {said('myProducts')}
          </Link>
        )}
        {!owner && waiting && (
          <Link to="/dashboard/listing-reviews" className={linkLook}>
            {said('decideInReview')}
          </Link>
        )}
      </p>
    </section>
  );
}
