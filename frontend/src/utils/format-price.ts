/**
 * Prices are Bangladeshi taka, shown with ৳ and lakh grouping: 185000 → "৳1,85,000".
 * Paisa show only when there are any (1500.5 → "৳1,500.5").
 */
const taka = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

export function formatPrice(amount: number | string): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return `৳${String(amount)}`;
  return `৳${taka.format(value)}`;
}
