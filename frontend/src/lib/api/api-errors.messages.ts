import { defineCatalog } from '@/lib/i18n/catalog.ts';
import type { components } from './schema.d.ts';

/** The stable code the server gives beside each field's English message. */
export type FieldCode = components['schemas']['FieldCode'];

/**
 * What each of the server's field codes says. An English page shows the server's own
 * message (the spec's exact words); these English texts say what the code means, and the
 * Bangla is what a Bangla page shows. A code the server adds is a type error here until
 * both languages say it.
 */
const fieldCodesEn = {
  required: 'This is required',
  too_long: 'Please make this shorter',
  control_characters: 'Please remove control characters',
  not_an_image: 'Please upload an image',
  unreadable_image: 'The image could not be read; the file may be damaged or incomplete.',
  no_photo: 'Please upload at least one photo',
  too_many_photos: 'Please keep to 8 photos',
  price_not_positive: 'Price must be more than 0',
  price_too_high: 'Price must be at most ৳10,00,00,000',
  not_a_price: 'Price must be a number of taka',
  out_of_range: 'Please give a whole number within the allowed range',
  range_reversed: 'The highest must not be below the lowest',
  invalid_phone: 'Please enter a valid phone number',
  invalid_email: 'Please provide a valid email address',
  not_on_list: 'Please choose one from the list',
  not_yes_or_no: 'Please choose yes or no',
  not_an_id: 'This is not a valid id',
  repeated_filter: 'Give this filter once',
  unknown_filter: 'This is not a filter of the search',
  stale_cursor: 'This page of results is no longer valid: search again',
  password_too_short: 'Password must be 6 characters or more',
  password_too_long: 'Password must be at most 128 characters',
  password_too_simple: 'Capital & Small Letter, Number & Special Character is required',
  wrong_password: 'This is not the password of this account.',
  no_way_to_pay: 'Choose at least one way to pay',
  deposit_unheld: 'A deposit is held by card or bKash: take at least one of them',
  deposit_not_below_price: 'A deposit must be more than ৳0 and less than the price',
  deposit_share: 'A deposit share must be a whole number from 1 to 90 percent',
  deposit_shape: 'A deposit is a fixed amount or a share of the price',
  time_past: 'Choose a time that is still to come',
  time_too_far: 'Choose a time within 30 days',
  code_shape: "Enter the buyer's six-digit code",
  wrong_code: "That is not the buyer's code.",
  wrong_code_last_try: "That is not the buyer's code, and that was the last try: ask the buyer to show a new code.",
  self_block: "You can't block yourself",
  key_reused: 'This request was already sent differently: please try again.',
  client_id_shape: 'The message could not be sent. Please try again.',
  client_id_taken: 'The message could not be sent. Please try again.',
  empty_message: 'Write a message or add a photo',
  offer_not_below_price: 'An offer must be less than the asking price',
  not_this_bookings_listing: 'This is not the bike of this booking',
  above_payment_limit: 'This price is above what one card payment or bKash wallet can carry.',
  payment_unconfirmed: 'The card provider has not confirmed this payment',
} as const satisfies Record<FieldCode, string>;

export const fieldCodeMessages = defineCatalog(fieldCodesEn, {
  required: 'এটা দিতে হবে',
  too_long: 'লেখাটা একটু ছোট করুন',
  control_characters: 'লেখা থেকে অদৃশ্য বিশেষ অক্ষরগুলো মুছে দিন',
  not_an_image: 'একটা ছবি আপলোড করুন',
  unreadable_image: 'ছবিটা খোলা যাচ্ছে না; ফাইলটা হয়তো নষ্ট বা অসম্পূর্ণ।',
  no_photo: 'অন্তত একটা ছবি আপলোড করুন',
  too_many_photos: '৮টির বেশি ছবি দেওয়া যাবে না',
  price_not_positive: 'দাম ০-এর বেশি হতে হবে',
  price_too_high: 'দাম ৳১০,০০,০০,০০০-এর বেশি হতে পারবে না',
  not_a_price: 'দাম টাকায়, সংখ্যা দিয়ে লিখুন',
  out_of_range: 'ঠিক সীমার মধ্যে একটা পূর্ণ সংখ্যা লিখুন',
  range_reversed: 'সর্বোচ্চটা সর্বনিম্নের চেয়ে কম হতে পারবে না',
  invalid_phone: 'সঠিক ফোন নম্বর লিখুন',
  invalid_email: 'সঠিক ইমেইল ঠিকানা লিখুন',
  not_on_list: 'তালিকা থেকে একটা বাছুন',
  not_yes_or_no: 'হ্যাঁ বা না বাছুন',
  not_an_id: 'এটা সঠিক আইডি নয়',
  repeated_filter: 'এই ফিল্টারটা একবারই দিন',
  unknown_filter: 'এই নামে খোঁজার কোনো ফিল্টার নেই',
  stale_cursor: 'ফলাফলের এই পাতাটা আর নেই: আবার খুঁজুন',
  password_too_short: 'পাসওয়ার্ড অন্তত ৬ অক্ষরের হতে হবে',
  password_too_long: 'পাসওয়ার্ড ১২৮ অক্ষরের বেশি হতে পারবে না',
  password_too_simple:
    'পাসওয়ার্ডে বড় হাতের ও ছোট হাতের ইংরেজি অক্ষর, সংখ্যা আর একটা বিশেষ চিহ্ন (যেমন # বা @) থাকতে হবে',
  wrong_password: 'এটা এই অ্যাকাউন্টের পাসওয়ার্ড নয়।',
  no_way_to_pay: 'টাকা দেওয়ার অন্তত একটা উপায় বাছুন',
  deposit_unheld: 'অগ্রিম কার্ড বা বিকাশে আটকে রাখা হয়: এ দুটোর অন্তত একটা রাখুন',
  deposit_not_below_price: 'অগ্রিম ৳০-এর বেশি আর দামের চেয়ে কম হতে হবে',
  deposit_share: 'অগ্রিমের ভাগ ১ থেকে ৯০ শতাংশের মধ্যে, পূর্ণ সংখ্যায় লিখুন',
  deposit_shape: 'অগ্রিম হয় নির্দিষ্ট টাকা, নয়তো দামের একটা ভাগ',
  time_past: 'সামনের কোনো সময় বাছুন',
  time_too_far: '৩০ দিনের মধ্যে একটা সময় বাছুন',
  code_shape: 'ক্রেতার ছয় অঙ্কের কোডটা লিখুন',
  wrong_code: 'এটা ক্রেতার কোড নয়।',
  wrong_code_last_try: 'এটা ক্রেতার কোড নয়, আর এটাই ছিল শেষ সুযোগ: ক্রেতাকে নতুন কোড দেখাতে বলুন।',
  self_block: 'নিজেকে ব্লক করা যায় না',
  key_reused: 'এই অনুরোধটা আগে অন্যভাবে পাঠানো হয়েছিল: আবার চেষ্টা করুন।',
  client_id_shape: 'মেসেজটা পাঠানো যায়নি। আবার চেষ্টা করুন।',
  client_id_taken: 'মেসেজটা পাঠানো যায়নি। আবার চেষ্টা করুন।',
  empty_message: 'কিছু লিখুন বা একটা ছবি দিন',
  offer_not_below_price: 'প্রস্তাবের দাম চাওয়া দামের চেয়ে কম হতে হবে',
  not_this_bookings_listing: 'এটা এই বুকিংয়ের বাইক নয়',
  above_payment_limit: 'এই দাম একবারের কার্ড পেমেন্ট বা বিকাশ ওয়ালেটের সীমার বেশি: নগদে বা অন্য উপায়ে দাম দিন।',
  payment_unconfirmed: 'কার্ড কোম্পানি এখনো এই পেমেন্ট নিশ্চিত করেনি',
});

/** The API client's own words: a call that got no answer, or no answer it could read. */
export const apiErrorMessages = defineCatalog(
  {
    unreachable: 'Could not reach BikeHaat. Check your connection and try again.',
    fieldsNeedAttention: 'Some fields need your attention.',
    answered: 'The server answered {status}.',
    reference: '{message} Reference: {reference}',
  },
  {
    unreachable: 'BikeHaat-এ পৌঁছানো যাচ্ছে না। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
    fieldsNeedAttention: 'কয়েকটা ঘর ঠিক করতে হবে।',
    answered: 'সার্ভার {status} উত্তর দিয়েছে।',
    reference: '{message} রেফারেন্স: {reference}',
  },
);
