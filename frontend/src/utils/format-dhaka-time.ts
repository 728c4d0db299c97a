/**
 * Meetings happen in Bangladesh, so their times read in Dhaka's time (UTC+6, no summer
 * time) on every device: "Fri 27 Nov, 5:30 pm". A date-time input speaks Dhaka's time too.
 */
const DHAKA_OFFSET = '+06:00';
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

const parts = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Dhaka',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
    ...options,
  });

const short = parts({});
const withYear = parts({ year: 'numeric' });

function format(formatter: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const by = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  const year = by.year ? ` ${by.year}` : '';
  return `${by.weekday ?? ''} ${by.day ?? ''} ${by.month ?? ''}${year}, ${by.hour ?? ''}:${by.minute ?? ''} ${(by.dayPeriod ?? '').toLowerCase()}`;
}

/** "Fri 27 Nov, 5:30 pm", in Dhaka's time. */
export function formatDhakaTime(iso: string): string {
  return format(short, iso);
}

/** "Fri 27 Nov 2026, 5:30 pm", in Dhaka's time: for a receipt, kept for later. */
export function formatDhakaDate(iso: string): string {
  return format(withYear, iso);
}

/** A `datetime-local` value ("2026-11-27T17:30") for `iso`, in Dhaka's time. */
export function toDhakaInput(iso: string | number): string {
  const date = new Date(typeof iso === 'number' ? iso : Date.parse(iso));
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 16);
}

/** The RFC 3339 time a `datetime-local` value names in Dhaka ("…T17:30:00+06:00"); "" when empty. */
export function fromDhakaInput(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return '';
  return `${value.slice(0, 16)}:00${DHAKA_OFFSET}`;
}
