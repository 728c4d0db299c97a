/** postTime as day/month/year hour:minute, local time (docs/product.md): "5/3/2026 14:07". */
export function formatPostTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${String(date.getDate())}/${String(date.getMonth() + 1)}/${String(date.getFullYear())} ${String(date.getHours())}:${minutes}`;
}
