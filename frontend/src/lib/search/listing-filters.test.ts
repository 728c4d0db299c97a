import { describe, expect, it } from 'vitest';
import { aListing } from '@/test/fixtures.ts';
import { countFilters, filtersFromParams, matchesFilters, NO_FILTERS, searchQueryOf } from './listing-filters.ts';

const read = (query: string) => filtersFromParams(new URLSearchParams(query));

describe('listing filters in the address', () => {
  it('reads what it writes, in one order, without what is not set', () => {
    const filters = read('sort=km&brand=Honda,Yamaha&priceMax=2,50,000&q=fz v3&verified=true&utm=x');
    expect(filters).toEqual({
      ...NO_FILTERS,
      q: 'fz v3',
      brand: ['Honda', 'Yamaha'],
      priceMax: '250000',
      verified: true,
      sort: 'km',
    });
    const query = searchQueryOf(filters);
    expect(query).toBe('q=fz+v3&priceMax=250000&brand=Honda%2CYamaha&verified=true&sort=km');
    expect(read(query)).toEqual(filters);
    expect(searchQueryOf(read(''))).toBe('');
  });

  it('counts a range as one filter, and the words and order as none', () => {
    expect(countFilters(read('q=r15&sort=km'))).toBe(0);
    expect(countFilters(read('ccMin=125&ccMax=160&brand=Honda,Bajaj&sold=true'))).toBe(3);
  });
});

describe('a new listing against a search', () => {
  const fz = aListing({ brand: 'Yamaha', model: 'FZ V3', engineCc: 150, district: 'Dhaka', area: 'Mirpur 10', resalePrice: 180000 });

  it('matches words as the starts of words in its text, in any case', () => {
    expect(matchesFilters(fz, read('q=fz mirp'))).toBe(true);
    expect(matchesFilters(fz, read('q=YAM 150cc'))).toBe(true);
    expect(matchesFilters(fz, read('q=pulsar'))).toBe(false);
    expect(matchesFilters(aListing({ productName: 'Hönda Hornet' }), read('q=honda'))).toBe(true);
  });

  it('goes by the words as the server read them: Bangla names in English, and an unread word matches nothing', () => {
    const pulsar = aListing({ productName: 'Bajaj Pulsar 150', brand: 'Bajaj', model: 'Pulsar 150' });
    expect(matchesFilters(pulsar, read('q=পালসার'))).toBe(false);
    expect(matchesFilters(pulsar, read('q=পালসার'), ['pulsar'])).toBe(true);
    expect(matchesFilters(pulsar, read('q=পালসার ১৫০'), ['pulsar', '150'])).toBe(true);
    expect(matchesFilters(pulsar, read('q=অ্যাপাচি'), ['apache'])).toBe(false);
    expect(matchesFilters(pulsar, read('q=bajaj Москва'), null)).toBe(false);
    expect(matchesFilters(pulsar, read(''), [])).toBe(true);
  });

  it('matches every filter, and lets a listing that does not say pass one by', () => {
    expect(matchesFilters(fz, read('brand=Honda,yamaha&ccMin=125&ccMax=160&priceMax=200000&district=dhaka'))).toBe(true);
    expect(matchesFilters(fz, read('priceMax=150000'))).toBe(false);
    expect(matchesFilters(fz, read('verified=true'))).toBe(false);
    expect(matchesFilters(fz, read('category=c2'))).toBe(false);
    expect(matchesFilters(aListing({ engineCc: null, kmDriven: null }), read('ccMin=400&kmMax=5000'))).toBe(true);
    expect(matchesFilters(aListing({ availability: 'sold' }), read(''))).toBe(false);
    expect(matchesFilters(aListing({ availability: 'sold' }), read('sold=true'))).toBe(true);
  });
});
