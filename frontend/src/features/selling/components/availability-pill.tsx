// A listing's availability in a table: green while for sale, red once sold.
import { Pill } from '@/components/data-table.tsx';
import type { Product } from '@/lib/api/types.ts';

export function isSold(product: Pick<Product, 'availability'>): boolean {
  return product.availability.toLowerCase() === 'sold';
}

export function AvailabilityPill({ product }: { product: Pick<Product, 'availability'> }) {
  return <Pill tone={isSold(product) ? 'red' : 'green'}>{product.availability}</Pill>;
}
