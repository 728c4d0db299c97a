import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const photoGalleryMessages = defineCatalog(
  {
    photosOf: 'Photos of {name}',
    swipe: 'Photos: swipe, or use the arrow keys',
    onePhoto: 'Photo',
    slide: '{number} of {count}',
    photoAlt: '{name}, photo {number}',
    counterLabel: 'Photo ',
    previous: 'Previous photo',
    next: 'Next photo',
    show: 'Show photo {number}',
  },
  {
    photosOf: '{name}-এর ছবি',
    swipe: 'ছবি: সোয়াইপ করুন, বা অ্যারো কী চাপুন',
    onePhoto: 'ছবি',
    slide: '{count}টির মধ্যে {number} নম্বর',
    photoAlt: '{name}, ছবি {number}',
    counterLabel: 'ছবি ',
    previous: 'আগের ছবি',
    next: 'পরের ছবি',
    show: '{number} নম্বর ছবি দেখুন',
  },
);
