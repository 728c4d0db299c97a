import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const listingLabelsMessages = defineCatalog(
  {
    reserved: 'Reserved',
    available: 'Available',
    sold: 'sold',
    resalePrice: 'Resale price ',
    originalPrice: 'Original price',
    logInForContact: 'Log in to see the seller’s contact',
    confirmForContact: "Confirm your email address to see the seller's phone and email.",
    numberInConversation: 'The seller shares their number in a conversation',
    whatsApp: 'Chat on WhatsApp',
    phoneVerified: 'Phone verified',
    rating: '★ {average} ({count})',
    ratingLabel: 'Rated {average} of 5 by {count} buyers of completed deals',
  },
  {
    reserved: 'বুক করা আছে',
    available: 'পাওয়া যাচ্ছে',
    sold: 'বিক্রি হয়ে গেছে',
    resalePrice: 'বিক্রির দাম ',
    originalPrice: 'কেনা দাম',
    logInForContact: 'বিক্রেতার ফোন নম্বর ও ইমেইল দেখতে লগ ইন করুন',
    confirmForContact: 'ফোন ও ইমেইল দেখতে আপনার ইমেইল নিশ্চিত করুন।',
    numberInConversation: 'বিক্রেতা মেসেজে তাঁর ফোন নম্বর দেন',
    whatsApp: 'WhatsApp-এ কথা বলুন',
    phoneVerified: 'ফোন যাচাই করা হয়েছে',
    rating: '★ {average} ({count})',
    ratingLabel: 'লেনদেন শেষ করা {count} জন ক্রেতা ৫-এর মধ্যে {average} দিয়েছেন',
  },
);
