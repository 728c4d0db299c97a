// Every catalog of the page (`*.messages.ts`): both languages say the same things. A
// key missing in Bangla is a type error already; this also catches what types cannot.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import type { Catalog } from './catalog.ts';

const modules = import.meta.glob<Record<string, unknown>>('/src/**/*.messages.ts', { eager: true });
/** Whether an export of a catalog file is a catalog (the file may export its English too). */
const isCatalog = (value: unknown): value is Catalog =>
  typeof value === 'object' && value !== null && 'en' in value && 'bn' in value;
const catalogs = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isCatalog(value))
    .map(([name, catalog]) => ({ where: `${file} ${name}`, catalog: catalog as Catalog })),
);

/** The names of the arguments a message takes, with their kinds. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(`${element.value}:${String(element.type)}`);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

/** The words a message says itself: its text without the arguments' names. */
function literalText(elements: MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return element.value;
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        return Object.values(element.options)
          .map((option) => literalText(option.value))
          .join(' ');
      }
      if (element.type === TYPE.tag) return literalText(element.children);
      return ' ';
    })
    .join('');
}

describe('The catalogs', () => {
  it('are found', () => {
    expect(catalogs.length).toBeGreaterThan(1);
  });

  it.each(catalogs)('$where has every key in both languages, each with the same arguments', ({ catalog }) => {
    expect(Object.keys(catalog.bn).sort()).toEqual(Object.keys(catalog.en).sort());
    for (const [key, english] of Object.entries(catalog.en)) {
      const bangla = catalog.bn[key] ?? '';
      expect(bangla.trim(), `${key} is empty in Bangla`).not.toBe('');
      // An English word left in the Bangla catalog is a text nobody translated; names
      // (BikeHaat, bKash) may stay as they are beside Bangla words.
      if (/[A-Za-z]/.test(literalText(parse(english)))) {
        expect(literalText(parse(bangla)), `${key} is not translated`).toMatch(/[\u0980-\u09FF]/);
      }
      expect([...argumentsOf(parse(bangla))].sort(), key).toEqual([...argumentsOf(parse(english))].sort());
    }
  });
});
