// Listings as cards with what a reader does from them (`useListingActions`). The category
// page and the buyer's wishlist both show their bikes through it, each saying which are saved.
import type { Listing } from '@/lib/api/types.ts';
import { ListingCard } from '@/features/listing/components/listing-card.tsx';
import { useListingActions } from '@/app/listings/use-listing-actions.tsx';

export function ListingGrid({
  listings,
  saved,
  headingLevel = 'h2',
}: {
  listings: readonly Listing[];
  /** The ids of the bikes in the buyer's wishlist. */
  saved: ReadonlySet<string>;
  /** The cards' headings: h2 under a page's h1, h3 under a section's h2. */
  headingLevel?: 'h2' | 'h3';
}) {
  const actions = useListingActions(saved);
  return (
    <>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,20rem),1fr))] gap-4 sm:gap-6">
        {listings.map((listing) => (
          <ListingCard key={listing._id} headingLevel={headingLevel} {...actions.propsFor(listing)} />
        ))}
      </div>
      {actions.overlays}
    </>
  );
}
