// The payment page's texts: the booking's price, the ways to pay (bKash, card, cash), the
// card forms, what a hold does with the buyer's money, and what the page says afterwards.
import type { components } from '@/lib/api/schema.d.ts';
import { defineCatalog } from '@/lib/i18n/catalog.ts';
import { BKASH_OUTCOMES } from '@/lib/payments/bkash-return.ts';
import { CASH_LINE } from '@/lib/payments/cash-button.tsx';

type PayNote = components['schemas']['PayNote'];

export const paymentsMessages = defineCatalog(
  {
    // The page
    title: 'Payment',
    loadingOrder: 'Loading your order',
    payingFor: 'You are paying for',
    cardHoldsDepositOn: 'Your card holds the deposit on',
    cardHoldsPriceOf: 'Your card holds the price of',
    totalPrice: 'Total price',
    depositToReserve: 'Deposit to reserve',
    inCashAtMeetUp: 'In cash at the meet-up',
    backToOrders: 'Back to My Orders',
    nothingToPay: 'There is nothing to pay here.',
    cardDetails: 'Card details',
    loadingWays: 'Loading the ways to pay',
    loadingWaysNow: 'Loading the ways to pay…',

    // Why a booking cannot be paid
    alreadyHeld:
      '{holder, select, bkash {Your bKash wallet already holds the {deposit, select, yes {deposit on} other {price of}} this bike.} other {Your card already holds the {deposit, select, yes {deposit on} other {price of}} this bike.}}',
    choseCash: 'You chose to pay the seller in cash at the meet-up.',
    alreadyPaid: 'This booking is already paid.',
    cancelled: 'This booking was cancelled.',
    sold: 'This bike has already been sold.',
    waitingInLine: 'Your booking is waiting in line: you can pay once the bike is reserved for you.',
    declined: 'The seller declined this booking.',
    declinedBecause: 'The seller declined this booking: {reason}',
    released: 'The seller released your reservation.',
    releasedBecause: 'The seller released your reservation: {reason}',
    lapsed: 'Your {hours} hours to pay for this bike ran out, so the reservation ended.',
    cannotPay: 'This booking cannot be paid here.',

    // The ways to pay
    methodBkash: 'bKash',
    methodCard: 'Card',
    methodCash: 'Cash at the meet-up',
    notOfferedName: '{method}: ',
    notOffered: 'Not offered for this booking.',
    nothingOffered: 'There is no way to pay for this bike here right now.',
    talkToSeller: 'Talk to the seller, or cancel the booking in My Orders. Why each way is closed:',
    cashLine: CASH_LINE,

    // bKash
    bkashLine:
      'The price is held in your bKash wallet: taken when you hand over your code at the meet-up, released if the deal is called off.',
    openingBkash: 'Opening bKash…',
    payWithBkash: 'Pay {amount} with bKash',
    bkashCancel: BKASH_OUTCOMES.cancel,
    bkashFailure: BKASH_OUTCOMES.failure,
    bkashUnavailable: BKASH_OUTCOMES.unavailable,
    bkashRefused: BKASH_OUTCOMES.refused,

    // A deposit held by card or bKash
    depositHold:
      '{deposit} held {method, select, bkash {in your bKash wallet} other {on your card}} now: taken only when you hand over your code at the meet-up, released if the deal is called off. {rest} in cash at the meet-up.',

    // The card form
    holdNote:
      'Your card is only held: the money is taken when you hand over your code at the meet-up, and released if the deal is called off.',
    heldToast: 'Done: your card holds the price until the handover',
    depositHeldToast: 'Done: your card holds the deposit until the handover',
    notCompleted: 'The payment was not completed. Please try again.',
    notRecorded: 'The payment could not be recorded.',
    cardPayment: 'Card payment',
    payingAs: 'Paying as {name} ({email})',
    preparing: 'Preparing the payment',
    preparingNow: 'Preparing a secure payment…',
    providerUnsupported: 'Card payments through “{provider}” cannot be taken on this page yet.',
    processing: 'Processing…',
    pay: 'Pay {amount}',
    loadingCardForm: 'Loading the card form',
    loadingCardFormNow: 'Loading the secure card form…',

    // Stripe's card field
    stripeUnavailable: 'The card form could not be loaded. Check your connection, then reload the page.',
    stillLoading: 'The card form is still loading. Please wait a moment.',
    notCharged: 'Your card could not be charged.',
    stripeLabel: 'Card number, expiry and CVC',

    // The test-mode card form
    testMode: 'Test mode — no real money. Use 4242 4242 4242 4242.',
    testModeHelp:
      'Any future expiry date and any 3 digits for the CVC. To see a failed payment, try 4000 0000 0000 0002 (declined) or 4000 0000 0000 9995 (insufficient funds).',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    expiryPlaceholder: 'MM/YY',
    expiryIncomplete: "Your card's expiration date is incomplete.",
    unreachable: 'Could not reach BikeHaat. Check your connection and try again.',
    notConfirmed: 'The payment could not be confirmed (status {status}).',

    // Once the card holds the money
    cardHolds: 'Your card holds {amount}.',
    nothingTakenYet:
      'Nothing is taken until you meet the seller, check the bike and its papers, and show your handover code.',
    bringRest: 'Bring the rest, {amount}, in cash to the meet-up.',
    ifCalledOff: 'If the deal is called off, the hold is released and nothing is charged. Your transaction id:',
    nextStep: 'Next: meet the seller and check the bike',
    willMeet: '{seller} will meet you at {place}.',
    callThem: 'Call them on {phone} to agree on a time.',
    codeInOrders: 'Your handover code is in My Orders.',
    goToOrders: 'Go to My Orders',
  },
  {
    title: 'পেমেন্ট',
    loadingOrder: 'আপনার অর্ডার লোড হচ্ছে',
    payingFor: 'আপনি যে বাইকের দাম দিচ্ছেন',
    cardHoldsDepositOn: 'আপনার কার্ডে যে বাইকের জামানত আটকে রাখা আছে',
    cardHoldsPriceOf: 'আপনার কার্ডে যে বাইকের দাম আটকে রাখা আছে',
    totalPrice: 'মোট দাম',
    depositToReserve: 'বুক করতে অগ্রিম',
    inCashAtMeetUp: 'দেখা করার সময় নগদে',
    backToOrders: 'আমার অর্ডারে ফিরে যান',
    nothingToPay: 'এখানে কোনো টাকা দিতে হবে না।',
    cardDetails: 'কার্ডের তথ্য',
    loadingWays: 'টাকা দেওয়ার উপায়গুলো লোড হচ্ছে',
    loadingWaysNow: 'টাকা দেওয়ার উপায়গুলো লোড হচ্ছে…',

    alreadyHeld:
      '{holder, select, bkash {আপনার বিকাশ ওয়ালেটে এই বাইকের {deposit, select, yes {জামানত} other {দাম}} আগেই আটকে রাখা আছে।} other {আপনার কার্ডে এই বাইকের {deposit, select, yes {জামানত} other {দাম}} আগেই আটকে রাখা আছে।}}',
    choseCash: 'আপনি দেখা করার সময় বিক্রেতাকে নগদে টাকা দেবেন বলে ঠিক করেছেন।',
    alreadyPaid: 'এই বুকিংয়ের টাকা আগেই দেওয়া হয়েছে।',
    cancelled: 'এই বুকিং বাতিল করা হয়েছে।',
    sold: 'বাইকটি আগেই বিক্রি হয়ে গেছে।',
    waitingInLine: 'আপনার বুকিং এখন লাইনে আছে: বাইকটি আপনার জন্য রাখা হলে তবেই টাকা দিতে পারবেন।',
    declined: 'বিক্রেতা এই বুকিং ফিরিয়ে দিয়েছেন।',
    declinedBecause: 'বিক্রেতা এই বুকিং ফিরিয়ে দিয়েছেন: {reason}',
    released: 'বিক্রেতা আপনার জন্য রাখা বাইকটি ছেড়ে দিয়েছেন।',
    releasedBecause: 'বিক্রেতা আপনার জন্য রাখা বাইকটি ছেড়ে দিয়েছেন: {reason}',
    lapsed: 'টাকা দেওয়ার {hours} ঘণ্টা সময় পেরিয়ে গেছে, তাই বাইকটি আর আপনার জন্য রাখা নেই।',
    cannotPay: 'এই বুকিংয়ের টাকা এখানে দেওয়া যাবে না।',

    methodBkash: 'বিকাশ',
    methodCard: 'কার্ড',
    methodCash: 'দেখা করার সময় নগদে',
    notOfferedName: '{method}: ',
    notOffered: 'এই বুকিংয়ে এভাবে টাকা দেওয়া যাবে না।',
    nothingOffered: 'এই বাইকের টাকা এখন এখানে দেওয়ার কোনো উপায় নেই।',
    talkToSeller: 'বিক্রেতার সাথে কথা বলুন, অথবা আমার অর্ডার থেকে বুকিং বাতিল করুন। কোন উপায় কেন বন্ধ:',
    cashLine: 'এখন কোনো টাকা কাটা হবে না। বাইক আর তার কাগজপত্র দেখে নিয়ে বিক্রেতাকে নগদে টাকা দিন।',

    bkashLine:
      'দামটা আপনার বিকাশ ওয়ালেটে আটকে রাখা হবে: দেখা করার সময় আপনার কোড দিলে তবেই কাটা হবে, ডিল বাতিল হলে ছেড়ে দেওয়া হবে।',
    openingBkash: 'বিকাশ খোলা হচ্ছে…',
    payWithBkash: 'বিকাশে {amount} দিন',
    bkashCancel: 'আপনি বিকাশে বাতিল করেছেন: কোনো টাকা আটকে রাখা হয়নি। কীভাবে টাকা দেবেন বেছে নিন।',
    bkashFailure: 'বিকাশ টাকা আটকে রাখেনি (ওয়ালেট থেকে টাকা দেওয়া যায়নি)। কোনো টাকা কাটা হয়নি।',
    bkashUnavailable: 'বিকাশ থেকে সাড়া পাওয়া যায়নি: কোনো টাকা কাটা হয়নি। এক মিনিট পরে আবার চেষ্টা করুন।',
    bkashRefused:
      'বিকাশে টাকা আটকে রাখা হয়েছিল, কিন্তু এই বুকিংয়ে আর টাকা নেওয়া যাচ্ছিল না, তাই আটকে রাখা টাকা ছেড়ে দেওয়া হয়েছে: কোনো টাকা কাটা হয়নি।',

    depositHold:
      '{deposit} এখন {method, select, bkash {আপনার বিকাশ ওয়ালেটে} other {আপনার কার্ডে}} আটকে রাখা হবে: দেখা করার সময় আপনার কোড দিলে তবেই কাটা হবে, ডিল বাতিল হলে ছেড়ে দেওয়া হবে। বাকি {rest} দেখা করার সময় নগদে দেবেন।',

    holdNote:
      'আপনার কার্ডে টাকাটা শুধু আটকে রাখা হবে: দেখা করার সময় আপনার কোড দিলে তবেই কাটা হবে, আর ডিল বাতিল হলে ছেড়ে দেওয়া হবে।',
    heldToast: 'হয়ে গেছে: হস্তান্তর পর্যন্ত দামটা আপনার কার্ডে আটকে রাখা থাকবে',
    depositHeldToast: 'হয়ে গেছে: হস্তান্তর পর্যন্ত জামানত আপনার কার্ডে আটকে রাখা থাকবে',
    notCompleted: 'পেমেন্ট সম্পূর্ণ হয়নি। আবার চেষ্টা করুন।',
    notRecorded: 'পেমেন্টটি রেকর্ড করা যায়নি।',
    cardPayment: 'কার্ডে পেমেন্ট',
    payingAs: '{name} ({email}) হিসেবে টাকা দিচ্ছেন',
    preparing: 'পেমেন্ট তৈরি হচ্ছে',
    preparingNow: 'নিরাপদ পেমেন্ট তৈরি হচ্ছে…',
    providerUnsupported: '“{provider}” দিয়ে কার্ড পেমেন্ট এই পাতায় এখনো নেওয়া যায় না।',
    processing: 'পেমেন্ট হচ্ছে…',
    pay: '{amount} দিন',
    loadingCardForm: 'কার্ডের ফর্ম লোড হচ্ছে',
    loadingCardFormNow: 'নিরাপদ কার্ড ফর্ম লোড হচ্ছে…',

    stripeUnavailable: 'কার্ডের ফর্ম লোড করা যায়নি। ইন্টারনেট সংযোগ দেখে পাতাটি আবার লোড করুন।',
    stillLoading: 'কার্ডের ফর্ম এখনো লোড হচ্ছে। একটু অপেক্ষা করুন।',
    notCharged: 'আপনার কার্ড থেকে টাকা নেওয়া যায়নি।',
    stripeLabel: 'কার্ড নম্বর, মেয়াদ ও CVC',

    testMode: 'টেস্ট মোড — আসল টাকা লাগবে না। 4242 4242 4242 4242 নম্বরটি দিন।',
    testModeHelp:
      'মেয়াদ হিসেবে সামনের যেকোনো তারিখ আর CVC হিসেবে যেকোনো ৩টি অঙ্ক দিন। পেমেন্ট ব্যর্থ হলে কেমন দেখায় দেখতে 4000 0000 0000 0002 (কার্ড বাতিল) বা 4000 0000 0000 9995 (যথেষ্ট টাকা নেই) দিয়ে চেষ্টা করুন।',
    cardNumber: 'কার্ড নম্বর',
    expiry: 'মেয়াদ (মাস/বছর)',
    expiryPlaceholder: 'মাস/বছর',
    expiryIncomplete: 'কার্ডের মেয়াদ পুরোটা লেখা হয়নি।',
    unreachable: 'BikeHaat-এর সাথে যোগাযোগ করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
    notConfirmed: 'পেমেন্ট নিশ্চিত করা যায়নি (স্ট্যাটাস {status})।',

    cardHolds: 'আপনার কার্ডে {amount} আটকে রাখা আছে।',
    nothingTakenYet:
      'বিক্রেতার সাথে দেখা করে বাইক আর তার কাগজপত্র দেখে হস্তান্তর কোড দেখানোর আগে কোনো টাকা কাটা হবে না।',
    bringRest: 'বাকি {amount} দেখা করার সময় নগদে নিয়ে আসুন।',
    ifCalledOff: 'ডিল বাতিল হলে আটকে রাখা টাকা ছেড়ে দেওয়া হবে, কিছুই কাটা হবে না। আপনার ট্রানজ্যাকশন আইডি:',
    nextStep: 'এরপর: বিক্রেতার সাথে দেখা করে বাইকটি দেখে নিন',
    willMeet: '{seller} আপনার সাথে দেখা করবেন এখানে: {place}।',
    callThem: 'সময় ঠিক করতে {phone} নম্বরে ফোন করুন।',
    codeInOrders: 'আপনার হস্তান্তর কোড আমার অর্ডারে আছে।',
    goToOrders: 'আমার অর্ডারে যান',
  },
);

/** The server's notes beside a way of paying, by their code (`noteCode`). */
export const payNoteMessages = defineCatalog(
  {
    bkash_daily_top_up:
      'A bKash wallet takes at most ৳50,000 of top-ups a day: have the amount in your wallet before you start.',
  } as const satisfies Record<PayNote, string>,
  {
    bkash_daily_top_up: 'একটা বিকাশ ওয়ালেটে দিনে সর্বোচ্চ ৳৫০,০০০ টপ-আপ করা যায়: শুরু করার আগেই টাকাটা ওয়ালেটে রাখুন।',
  },
);
