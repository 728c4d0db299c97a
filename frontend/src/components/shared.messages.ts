import { defineCatalog } from '@/lib/i18n/catalog.ts';

/**
 * The shared pieces' own words: spinners, dialogs' buttons, the tables' counts, the price
 * terms. `shown` is `count` in the page's digits, lakh-grouped.
 */
export const sharedMessages = defineCatalog(
  {
    loading: 'Loading',
    loadingPage: 'Loading page',
    close: 'Close',
    cancel: 'Cancel',
    negotiable: 'Negotiable',
    fixedPrice: 'Fixed price',
    quickReasons: 'Quick reasons',
    linkSent: 'We sent a new link to {email}.',
    linkNotSent: 'Could not send the link. Please try again.',
    sending: 'Sending…',
    messages: 'Messages',
    messagesAbout: 'Messages about {name}',
    messagesAboutUnread: 'Messages about {name}, {unread} unread',
    deleteTitle: 'Delete {what}?',
    deletePrompt: 'Are you sure, You want to delete?',
    delete: 'Delete',
    keepIt: 'Keep it',
    deleted: 'Deleted Successfully',
    deleting: 'Deleting…',
    image: 'Image',
    entries: '{count, plural, one {{shown} entry} other {{shown} entries}}',
  },
  {
    loading: 'লোড হচ্ছে',
    loadingPage: 'পেজ লোড হচ্ছে',
    close: 'বন্ধ করুন',
    cancel: 'বাতিল',
    negotiable: 'দরদাম করা যাবে',
    fixedPrice: 'একদাম',
    quickReasons: 'ঝটপট কারণ বাছুন',
    linkSent: '{email} ঠিকানায় নতুন একটা লিংক পাঠিয়েছি।',
    linkNotSent: 'লিংক পাঠানো যায়নি। আবার চেষ্টা করুন।',
    sending: 'পাঠানো হচ্ছে…',
    messages: 'মেসেজ',
    messagesAbout: '{name} নিয়ে মেসেজ',
    messagesAboutUnread: '{name} নিয়ে মেসেজ, {unread}টি না-পড়া',
    deleteTitle: '{what} মুছে ফেলবেন?',
    deletePrompt: 'আপনি কি নিশ্চিত, মুছে ফেলতে চান?',
    delete: 'মুছুন',
    keepIt: 'থাক',
    deleted: 'মুছে ফেলা হয়েছে',
    deleting: 'মুছে ফেলা হচ্ছে…',
    image: 'ছবি',
    entries: '{count, plural, other {{shown}টি এন্ট্রি}}',
  },
);
