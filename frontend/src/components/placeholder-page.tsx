import type { ReactNode } from 'react';

/**
 * A page that a later release fills in. Clearly marked so nobody mistakes it for a
 * finished screen; each feature's placeholder uses it until its real page lands.
 */
export function PlaceholderPage({
  title,
  children,
  level = 'h1',
}: {
  title: string;
  children?: ReactNode;
  /** h2 inside the dashboard, whose header holds the page's h1. */
  level?: 'h1' | 'h2';
}) {
  const Heading = level;
  return (
    <section
      aria-labelledby="placeholder-title"
      data-placeholder="true"
      className="mx-auto my-8 max-w-2xl rounded-2xl border-2 border-dashed border-stone-300 bg-white p-8 text-center"
    >
      <p className="mb-2 inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold tracking-wide text-amber-800 uppercase">
        Coming soon
      </p>
      <Heading id="placeholder-title" className="text-2xl font-bold text-stone-900">
        {title}
      </Heading>
      <div className="mt-3 text-stone-600">
        {children ?? <p>This page is being built and arrives in the next release.</p>}
      </div>
    </section>
  );
}
