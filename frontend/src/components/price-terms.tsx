import { useT } from '@/lib/i18n/language-context.ts';
import { sharedMessages } from './shared.messages.ts';

// Whether a bike's seller takes offers, said quietly beside its price: "Negotiable" or
// "Fixed price" (docs/conversations.md, "Fixed price"). Nothing while a listing does not say.
export function PriceTerms({ negotiable, className = '' }: { negotiable: boolean | undefined; className?: string }) {
  const t = useT(sharedMessages);
  if (negotiable === undefined) return null;
  return (
    <span
      data-testid="price-terms"
      className={`inline-block rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-stone-600 ${className}`}
    >
      {negotiable ? t('negotiable') : t('fixedPrice')}
    </span>
  );
}
