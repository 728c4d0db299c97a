import { defineCatalog } from '@/lib/i18n/catalog.ts';

/**
 * The phone check's words: where it stands (the Add product page, or the dashboard), the
 * number and code fields, the wait before a new code (`time` is "0:45" in the page's
 * digits), and the confirmed number (`phone` as "01712-345678"). A wrong code's tries
 * left are `left` (the count, for its plural) and `shown` (it in the page's digits).
 */
export const phoneCheckMessages = defineCatalog(
  {
    listingTitle: 'Confirm your phone',
    listingWhy:
      'Before you list a bike, confirm the number buyers will call: we send it a code by SMS. Buyers then see “Phone verified” on your listings.',
    accountTitle: 'Your phone',
    accountWhy: 'Confirm your mobile number by SMS: buyers see “Phone verified” on the bikes you list.',
    phone: 'Mobile number',
    phoneHint: 'We send a 6-digit code by SMS',
    phoneInvalid: 'Please enter a Bangladeshi mobile number, like 01712-345678',
    sendCode: 'Send code',
    sending: 'Sending…',
    codeSent: 'We sent a code to {phone}',
    newCodeSent: 'We sent a new code to {phone}',
    code: 'Code from the SMS',
    codeInvalid: 'Enter the 6-digit code from the SMS',
    wrongCode: 'That code is not right: {left, plural, one {one try} other {{shown} tries}} left.',
    wrongCodeNoCount: 'That code is not right.',
    wrongCodeLastTry: 'That code is not right, and that was the last try: please ask for a new code.',
    confirm: 'Confirm',
    confirming: 'Checking…',
    changeNumber: 'Change number',
    resend: 'Send a new code',
    resendIn: 'Send a new code ({time})',
    verified: 'Phone verified',
    useAnother: 'Use another number',
    failed: 'Something went wrong. Please try again.',
  },
  {
    listingTitle: 'আপনার ফোন নম্বর যাচাই করুন',
    listingWhy:
      'বাইকের বিজ্ঞাপন দেওয়ার আগে যে নম্বরে ক্রেতারা ফোন করবেন সেটি যাচাই করুন: আমরা এসএমএসে একটি কোড পাঠাব। তারপর আপনার বিজ্ঞাপনে ক্রেতারা দেখবেন “ফোন যাচাই করা হয়েছে”।',
    accountTitle: 'আপনার ফোন',
    accountWhy: 'এসএমএসে আসা কোড দিয়ে মোবাইল নম্বর যাচাই করুন: আপনার বাইকের বিজ্ঞাপনে ক্রেতারা দেখবেন “ফোন যাচাই করা হয়েছে”।',
    phone: 'মোবাইল নম্বর',
    phoneHint: 'আমরা এসএমএসে ৬ অঙ্কের একটা কোড পাঠাব',
    phoneInvalid: 'বাংলাদেশের একটা মোবাইল নম্বর লিখুন, যেমন ০১৭১২-৩৪৫৬৭৮',
    sendCode: 'কোড পাঠান',
    sending: 'পাঠানো হচ্ছে…',
    codeSent: '{phone} নম্বরে একটা কোড পাঠিয়েছি',
    newCodeSent: '{phone} নম্বরে নতুন একটা কোড পাঠিয়েছি',
    code: 'এসএমএসের কোড',
    codeInvalid: 'এসএমএসে আসা ৬ অঙ্কের কোডটা লিখুন',
    wrongCode: 'কোডটা ঠিক নয়। আর {left, plural, other {{shown} বার}} চেষ্টা করতে পারবেন।',
    wrongCodeNoCount: 'কোডটা ঠিক নয়।',
    wrongCodeLastTry: 'কোডটা ঠিক নয়, আর এটাই ছিল শেষ সুযোগ। নতুন একটা কোড চেয়ে নিন।',
    confirm: 'নিশ্চিত করুন',
    confirming: 'যাচাই হচ্ছে…',
    changeNumber: 'নম্বর বদলান',
    resend: 'নতুন কোড পাঠান',
    resendIn: 'নতুন কোড পাঠান ({time})',
    verified: 'ফোন যাচাই করা হয়েছে',
    useAnother: 'অন্য নম্বর দিন',
    failed: 'কিছু একটা ঠিকমতো হয়নি। আবার চেষ্টা করুন।',
  },
);
