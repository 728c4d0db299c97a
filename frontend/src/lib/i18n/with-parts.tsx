import { Fragment, type ReactNode } from 'react';
import type { Values } from '@/lib/i18n/catalog.ts';

const MARK = '\u0001';

/**
 * A translated sentence with elements inside it ("… for <strong>{email}</strong> …"),
 * wherever each language puts them: `text` is given a marker for each part and the
 * sentence is cut at the markers.
 */
export function withParts(text: (values: Values) => string, parts: Record<string, ReactNode>): ReactNode {
  const markers = Object.fromEntries(Object.keys(parts).map((name) => [name, `${MARK}${name}${MARK}`]));
  return text(markers)
    .split(MARK)
    .map((piece, index) => <Fragment key={index}>{index % 2 === 1 ? parts[piece] : piece}</Fragment>);
}
