// The dashboard's table pages: a heading, the spinner while loading, the
// server's message when the list cannot be fetched, the empty text, and the table,
// whose rows become cards on a phone.
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useLanguage, useT } from '@/lib/i18n/language-context.ts';
import { formatNumber } from '@/lib/i18n/numbers.ts';
import { sharedMessages } from './shared.messages.ts';
import { PageSpinner } from './spinner.tsx';

/** How a column's cell sits in a row's card on a phone. */
type PhoneLook = 'labelled' | 'unlabelled' | 'action' | 'media' | 'hidden';

export interface Column<T> {
  header: string;
  cell: (row: T, index: number) => ReactNode;
  /** The cell that names its row: a row header, so screen readers announce it with every cell. */
  rowHeader?: boolean;
  /** On a phone: labelled by its header (the default), unlabelled, a button at the card's end, the card's picture, or hidden. */
  phone?: PhoneLook;
  className?: string;
  /** A header the table says itself in the page's language ("Image"); `header` stays the column's key. */
  standardHeader?: 'image';
}

/** The first column: the row's number, from 1. */
export function indexColumn<T>(): Column<T> {
  return {
    header: '#',
    cell: (_row, index) => <RowNumber n={index + 1} />,
    phone: 'hidden',
    className: 'w-10 tabular-nums text-stone-500',
  };
}

/**
 * A thumbnail beside the row's name, which already says what it shows. `initial` stands
 * in for a missing picture (an account without a photo).
 */
export function imageColumn<T>(
  src: (row: T) => string,
  { round = false, initial }: { round?: boolean; initial?: (row: T) => string } = {},
): Column<T> {
  return {
    header: 'Image',
    standardHeader: 'image',
    phone: 'media',
    className: 'w-16',
    cell: (row) => <Thumbnail src={src(row)} round={round} initial={initial?.(row) ?? ''} />,
  };
}

/** A row's number in the page's digits. */
function RowNumber({ n }: { n: number }) {
  const { locale } = useLanguage();
  return formatNumber(n, locale);
}

function Thumbnail({ src, round, initial }: { src: string; round: boolean; initial: string }) {
  // A picture that does not load (a person's photo link that went away) shows their
  // initial where there is one, as the avatars do: never a broken-image icon.
  const [failed, setFailed] = useState<string | null>(null);
  const shape = `size-12 shrink-0 bg-stone-100 ring-1 ring-stone-200 ${round ? 'rounded-full' : 'rounded-lg'}`;
  if (!src || (failed === src && initial)) {
    return (
      <span aria-hidden="true" className={`flex items-center justify-center text-lg font-bold text-stone-500 ${shape}`}>
        {initial.trim().charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      onError={() => {
        setFailed(src);
      }}
      className={`${shape} object-cover`}
    />
  );
}

const pillTones = {
  green: 'bg-brand-100 text-brand-800',
  red: 'bg-red-100 text-red-700',
  sky: 'bg-sky-100 text-sky-800',
  stone: 'bg-stone-100 text-stone-700',
  amber: 'bg-amber-100 text-amber-900',
} as const;

/** A short state word in a cell: Available, sold, Advertised, PAID. */
export function Pill({ tone, children }: { tone: keyof typeof pillTones; children: ReactNode }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${pillTones[tone]}`}>
      {children}
    </span>
  );
}

export function TablePage<T>({
  title,
  intro,
  query,
  columns,
  rowKey,
  emptyText,
  loadingLabel,
  emptyExtra,
  rowClassName,
}: {
  /** The page's heading (an h2: the dashboard header holds the h1). */
  title: string;
  intro?: string;
  query: UseQueryResult<readonly T[]>;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  emptyText: string;
  loadingLabel: string;
  /** Shown under the empty text, such as a link to add the first item. */
  emptyExtra?: ReactNode;
  /** Extra classes for a row, such as a highlight for one that just arrived. */
  rowClassName?: (row: T) => string;
}) {
  const t = useT(sharedMessages);
  const { locale } = useLanguage();
  // A Bangla title has no letters a slug keeps: its id is the page's own then.
  const ownId = useId();
  const headingId = /[a-z]/i.test(title) ? `${slug(title)}-title` : `${ownId}-title`;
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-2xl font-bold text-stone-900">
          {title}
        </h2>
        {query.isSuccess && query.data.length > 0 && (
          <p className="text-sm text-stone-600">
            {t('entries', { count: query.data.length, shown: formatNumber(query.data.length, locale) })}
          </p>
        )}
      </div>
      {intro && <p className="-mt-2 mb-4 text-sm text-stone-600">{intro}</p>}
      {query.isPending ? (
        <PageSpinner label={loadingLabel} />
      ) : query.isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-6 text-center text-red-700 ring-1 ring-red-200">
          {query.error.message}
        </p>
      ) : query.data.length === 0 ? (
        <div className="rounded-2xl bg-white p-10 text-center shadow-sm ring-1 ring-stone-200">
          <p className="text-lg text-stone-600">{emptyText}</p>
          {emptyExtra}
        </div>
      ) : (
        <DataTable
          caption={title}
          columns={columns}
          rows={query.data}
          rowKey={rowKey}
          {...(rowClassName ? { rowClassName } : {})}
        />
      )}
    </section>
  );
}

function slug(title: string): string {
  return title.toLowerCase().replace(/\W+/g, '-');
}

const phoneCell: Record<PhoneLook, string> = {
  // Label on the left (from the column's header), value on the right.
  labelled:
    'max-sm:col-start-2 max-sm:flex max-sm:items-center max-sm:justify-between max-sm:gap-3 max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-stone-500 max-sm:before:uppercase max-sm:before:content-[attr(data-label)]',
  unlabelled: 'max-sm:col-start-2',
  action: 'max-sm:col-start-2 max-sm:flex max-sm:justify-end',
  media: 'max-sm:col-start-1 max-sm:row-span-2 max-sm:row-start-1',
  hidden: 'max-sm:hidden',
};

/**
 * A table on a tablet or desktop (scrolling sideways in its card if it must); on a phone
 * each row becomes a card: the picture, the name beside it, then one labelled line per
 * cell. Explicit roles keep it a table for screen readers once CSS changes its display.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowClassName,
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowClassName?: (row: T) => string;
}) {
  const t = useT(sharedMessages);
  const header = (column: Column<T>) => (column.standardHeader ? t(column.standardHeader) : column.header);
  return (
    <div className="sm:overflow-x-auto sm:rounded-2xl sm:bg-white sm:shadow-sm sm:ring-1 sm:ring-stone-200">
      <table role="table" className="w-full text-left text-sm max-sm:block sm:min-w-[36rem]">
        <caption className="sr-only">{caption}</caption>
        <thead
          role="rowgroup"
          className="border-b border-stone-200 bg-stone-50 text-xs font-semibold tracking-wide text-stone-600 uppercase max-sm:sr-only"
        >
          <tr role="row">
            {columns.map((column) => (
              <th key={column.header} role="columnheader" scope="col" className="px-4 py-3 whitespace-nowrap">
                {header(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-sm:flex max-sm:flex-col max-sm:gap-3 sm:divide-y sm:divide-stone-100">
          {rows.map((row, index) => (
            <tr
              key={rowKey(row)}
              role="row"
              className={`align-middle max-sm:grid max-sm:grid-cols-[3rem_1fr] max-sm:gap-x-3 max-sm:gap-y-2 max-sm:rounded-2xl max-sm:bg-white max-sm:p-4 max-sm:shadow-sm max-sm:ring-1 max-sm:ring-stone-200 sm:hover:bg-stone-50/70 ${rowClassName?.(row) ?? ''}`}
            >
              {columns.map((column) => {
                const Cell = column.rowHeader ? 'th' : 'td';
                const phone = column.phone ?? (column.rowHeader ? 'unlabelled' : 'labelled');
                return (
                  <Cell
                    key={column.header}
                    {...(column.rowHeader ? { role: 'rowheader', scope: 'row' } : { role: 'cell' })}
                    data-label={header(column)}
                    className={`sm:px-4 sm:py-3 ${phoneCell[phone]} ${column.rowHeader ? 'font-semibold text-stone-900 sm:min-w-32' : 'text-stone-700'} ${column.className ?? ''}`}
                  >
                    {column.cell(row, index)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
