import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const listingFactsMessages = defineCatalog(
  {
    brand: 'Brand',
    model: 'Model',
    engine: 'Engine',
    engineCc: '{cc} cc',
    kmDriven: 'Km driven',
    km: '{km} km',
    registrationYear: 'Registration year',
    location: 'Location',
    condition: 'Condition',
    color: 'Color',
    purchaseYear: 'Purchase year',
    yearsOfUse: 'Years of use',
    posted: 'Posted',
  },
  {
    brand: 'ব্র্যান্ড',
    model: 'মডেল',
    engine: 'ইঞ্জিন',
    engineCc: '{cc} সিসি',
    kmDriven: 'কত কিমি চলেছে',
    km: '{km} কিমি',
    registrationYear: 'রেজিস্ট্রেশনের সাল',
    location: 'এলাকা',
    condition: 'অবস্থা',
    color: 'রং',
    purchaseYear: 'কেনার সাল',
    yearsOfUse: 'কত বছর চলেছে',
    posted: 'পোস্ট করা হয়েছে',
  },
);
