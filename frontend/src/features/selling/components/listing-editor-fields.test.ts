import { describe, expect, it } from 'vitest';
import {
  depositAmountCheck,
  fieldOfServer,
  listingName,
  meetingPlace,
  OPEN_TERMS,
  plainFields,
  readWhole,
  whole,
  yearsOfUseSince,
  type ListingEditorFields,
} from '@/features/selling/components/listing-editor-fields.ts';
import { translate } from '@/lib/i18n/catalog.ts';
import { sellingMessages } from '@/features/selling/selling.messages.ts';

const say = (key: keyof (typeof sellingMessages)['en']) => translate(sellingMessages, 'en', key);

const typed = (fields: Partial<ListingEditorFields>): ListingEditorFields =>
  ({ ...OPEN_TERMS, resalePrice: '', originalPrice: '', sellerPhone: '', ...fields }) as ListingEditorFields;

describe('the listing form reads numbers as people write them', () => {
  it('reads whole numbers in Latin or Bengali digits, grouped or not, as before', () => {
    expect(readWhole('14,500')).toBe(14500);
    expect(readWhole('১৪,৫০০')).toBe(14500);
    expect(readWhole('২০২১')).toBe(2021);
    expect(readWhole('12 000')).toBe(12000);
    expect(readWhole('12.5')).toBeNull();
    expect(readWhole('abc')).toBeNull();
    expect(whole(50, 2000, 'outside', 'missing')('১৫৫')).toBe(true);
    expect(whole(50, 2000, 'outside', 'missing')('৪০')).toBe('outside');
    expect(whole(50, 2000, 'outside', 'missing')(' ')).toBe('missing');
  });

  it('sends prices as plain taka, numbers in Latin digits, and the phone as typed in Latin digits', () => {
    const plain = plainFields(
      typed({
        resalePrice: '২ লাখ',
        originalPrice: '2L',
        depositAmount: '৫০ হাজার',
        kmDriven: '১৪,৫০০',
        registrationYear: '২০২১',
        sellerPhone: '০১৭১১-১১১১১১',
      }),
    );
    expect(plain).toMatchObject({
      resalePrice: '200000',
      originalPrice: '200000',
      depositAmount: '50000',
      kmDriven: '14500',
      registrationYear: '2021',
      sellerPhone: '01711-111111',
    });
    // English as typed before: plain digits stay as they are; what cannot be read goes as typed.
    expect(plainFields(typed({ resalePrice: '1800', originalPrice: 'a lot' }))).toMatchObject({
      resalePrice: '1800',
      originalPrice: 'a lot',
    });
  });

  it('refuses a deposit of nothing, of paisa or of the whole price, however written', () => {
    const check = depositAmountCheck(say);
    const fields = typed({ deposit: 'amount', resalePrice: '2 lakh' });
    expect(check('20 হাজার', fields)).toBe(true);
    expect(check('2L', fields)).toBe('A deposit must be more than ৳0 and less than the price');
    expect(check('0', fields)).toBe('A deposit must be more than ৳0 and less than the price');
    expect(check('100.50', fields)).toBe('A deposit must be more than ৳0 and less than the price');
  });
});

describe('the listing form asks each thing once', () => {
  it('names the listing by its brand and model, without saying the brand twice', () => {
    expect(listingName('Bajaj', 'Pulsar N160')).toBe('Bajaj Pulsar N160');
    expect(listingName('Yamaha', '  R15   V3 ')).toBe('Yamaha R15 V3');
    expect(listingName('Yamaha', 'yamaha R15')).toBe('yamaha R15');
    expect(listingName('Honda', 'Honda')).toBe('Honda');
    // "Hero" is not said again, but "Heroic" is a model of its own.
    expect(listingName('Hero', 'Heroic 100')).toBe('Hero Heroic 100');
    expect(listingName('', 'Custom build')).toBe('Custom build');
  });

  it('says the meeting place as area and district, or the district alone', () => {
    expect(meetingPlace(' Mirpur  10 ', 'Dhaka')).toBe('Mirpur 10, Dhaka');
    expect(meetingPlace('', 'Sylhet')).toBe('Sylhet');
    expect(meetingPlace('Agrabad', '')).toBe('Agrabad');
  });

  it('counts the years of use from the registration year, none in its first year', () => {
    const now = new Date(2026, 11, 2);
    expect(yearsOfUseSince(2021, now)).toBe(5);
    expect(yearsOfUseSince(2026, now)).toBe(0);
    expect(yearsOfUseSince(2027, now)).toBe(0);
  });

  it('shows a server message about a filled-in field at the field it came from', () => {
    expect(fieldOfServer('productName')).toBe('model');
    expect(fieldOfServer('purchaseYear')).toBe('registrationYear');
    expect(fieldOfServer('yearsOfUse')).toBe('registrationYear');
    expect(fieldOfServer('location')).toBe('area');
    expect(fieldOfServer('sellerPhone')).toBe('sellerPhone');
    expect(fieldOfServer('sellerEmail')).toBeUndefined();
  });
});
