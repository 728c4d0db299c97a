/** Prices are shown with a $ prefix (spec §9): 2150 → "$2,150". */
export function formatPrice(amount: number | string): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return `$${String(amount)}`;
  return `$${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}
