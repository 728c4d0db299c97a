import { defineCatalog } from '@/lib/i18n/catalog.ts';

export const listingActionsMessages = defineCatalog(
  {
    bookNow: 'Book Now',
    soldOut: 'Sold Out',
    onlyBuyers: 'Only buyers can book bikes.',
    yourBike: 'This is your bike.',
    seeInMyProducts: 'See it in My Products',
    messageSeller: 'Message seller',
    saved: 'Saved',
    addToWishlist: 'Add to Wishlist',
    reportToAdmin: 'Report to Admin',
    reservedForYou: 'Reserved for you',
    payNow: 'Pay Now',
    myOrders: 'My Orders',
    boughtByYou: 'Bought by you: see how to meet the seller',
    heldByYou:
      '{method, select, bkash {Your bKash wallet holds the price: see how to meet the seller} other {Your card holds the price: see how to meet the seller}}',
    inLine: 'In line',
    inLineAt:
      '{position, selectordinal, one {In line · {place}st} two {In line · {place}nd} few {In line · {place}rd} other {In line · {place}th}}',
  },
  {
    bookNow: 'এখনই বুক করুন',
    soldOut: 'বিক্রি হয়ে গেছে',
    onlyBuyers: 'শুধু ক্রেতারাই বাইক বুক করতে পারেন।',
    yourBike: 'এটা আপনার বাইক।',
    seeInMyProducts: '“আমার বাইক”-এ দেখুন',
    messageSeller: 'বিক্রেতাকে মেসেজ দিন',
    saved: 'পছন্দে রাখা আছে',
    addToWishlist: 'পছন্দে রাখুন',
    reportToAdmin: 'অ্যাডমিনকে জানান',
    reservedForYou: 'আপনার জন্য রাখা আছে',
    payNow: 'পেমেন্ট করুন',
    myOrders: 'আমার অর্ডার',
    boughtByYou: 'আপনি কিনেছেন: বিক্রেতার সাথে কীভাবে দেখা করবেন দেখুন',
    heldByYou:
      '{method, select, bkash {দামটা আপনার বিকাশ ওয়ালেটে আটকে রাখা আছে: বিক্রেতার সাথে কীভাবে দেখা করবেন দেখুন} other {দামটা আপনার কার্ডে আটকে রাখা আছে: বিক্রেতার সাথে কীভাবে দেখা করবেন দেখুন}}',
    inLine: 'লাইনে আছেন',
    inLineAt: '{position, selectordinal, other {লাইনে {place} নম্বরে}}',
  },
);

/** Why a visitor is sent to log in, by what they tried (keys are `LogInReason`s). */
export const logInReasonMessages = defineCatalog(
  {
    book: 'Please log in as a buyer to book this bike.',
    wishlist: 'Please log in as a buyer to save bikes to your wishlist.',
    report: 'Please log in as a buyer to report a listing.',
    contact: 'Please log in as a buyer to see the seller’s contact.',
    message: 'Please log in as a buyer to message the seller.',
  },
  {
    book: 'বাইকটি বুক করতে ক্রেতা হিসেবে লগ ইন করুন।',
    wishlist: 'বাইক পছন্দের তালিকায় রাখতে ক্রেতা হিসেবে লগ ইন করুন।',
    report: 'বিজ্ঞাপন নিয়ে অ্যাডমিনকে জানাতে ক্রেতা হিসেবে লগ ইন করুন।',
    contact: 'বিক্রেতার ফোন নম্বর ও ইমেইল দেখতে ক্রেতা হিসেবে লগ ইন করুন।',
    message: 'বিক্রেতাকে মেসেজ দিতে ক্রেতা হিসেবে লগ ইন করুন।',
  },
);
