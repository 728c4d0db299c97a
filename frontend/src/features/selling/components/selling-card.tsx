import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A panel of the seller's pages that stands in for the listing form (start selling,
 * confirm the address or the phone first): a card with its title, named by it. With
 * `focusTitle` the title takes the focus when it appears (the button that led here is gone).
 */
export function SellingCard({
  id,
  title,
  focusTitle = false,
  children,
}: {
  id: string;
  title: string;
  focusTitle?: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-8">
      <h2 id={id} ref={heading} tabIndex={-1} className="text-2xl font-bold text-stone-900 focus:outline-none">
        {title}
      </h2>
      {children}
    </section>
  );
}
