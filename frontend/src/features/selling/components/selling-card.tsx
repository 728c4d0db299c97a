import type { ReactNode } from 'react';

/**
 * A panel of the seller's pages that stands in for the listing form (start selling,
 * confirm the address first): a card with its title, named by it.
 */
export function SellingCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-8">
      <h2 id={id} className="text-2xl font-bold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
