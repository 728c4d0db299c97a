/** The blog's four static articles: what a rider should know before buying or selling a used bike. */
/** What an article is about, named on its tag in the page's language. */
export type ArticleTag = 'Buying' | 'Papers' | 'Prices' | 'Safety';

export interface Article {
  slug: string;
  title: string;
  tag: ArticleTag;
  date: string;
  minutes: number;
  paragraphs: string[];
}

export const ARTICLES: Article[] = [
  {
    slug: 'buying-a-used-bike-safely',
    title: 'Buying a used bike safely: what to check before you pay',
    tag: 'Buying',
    date: '2026-10-04',
    minutes: 4,
    paragraphs: [
      'Look at the bike in daylight and ask the seller not to start it before you arrive: a cold start shows what a warm engine hides. It should start within a few tries, idle evenly and not blow blue or thick white smoke. Listen for knocking or a rattling chain.',
      'Walk round it slowly. Oil on the front forks or under the engine, a bent handlebar, scraped levers and fresh paint on one side point to a fall. Check the chain and sprockets (hooked teeth mean a replacement soon), the brakes, the tyres for cracks and even wear, and that the lights, horn and indicators work. A low odometer on a bike with worn footpegs, grips and seat does not add up.',
      'Compare the chassis and engine numbers stamped on the bike with the registration certificate, and take a short test ride with your licence. If you are unsure, pay a trusted mechanic for half an hour: it costs far less than a bad engine. Never send money before you have seen the bike and its papers.',
    ],
  },
  {
    slug: 'paperwork-and-ownership-transfer',
    title: 'Paperwork and ownership transfer with BRTA',
    tag: 'Papers',
    date: '2026-09-18',
    minutes: 4,
    paragraphs: [
      'Before paying, see the original registration certificate, the current tax token and the seller’s NID, and make sure the name on the registration is the seller’s. If the bike was bought on a bank or company loan, the registration shows it: ask for the lender’s no-objection letter, or the bike cannot be transferred to you.',
      'Sign a simple sale receipt with the date, price, registration, chassis and engine numbers, and both signatures. The seller signs the BRTA ownership transfer forms and gives you copies of their NID and photo. You then apply at the BRTA circle office where the bike is registered, or start on the BRTA service portal, with your own NID, the forms, the original papers and the transfer fee. Ask the office which of you must attend in person.',
      'Do it within days, not months. Until BRTA records you as the owner, any case or fine against the bike goes to the seller, and you cannot renew its papers or sell it on cleanly. Keep the old owner’s phone number until your new registration arrives.',
    ],
  },
  {
    slug: 'what-a-fair-price-looks-like',
    title: 'What a fair price looks like for a used bike',
    tag: 'Prices',
    date: '2026-08-29',
    minutes: 3,
    paragraphs: [
      'Start from the bikes like it: search BikeHaat for the same brand and model, then narrow to a few years and a similar distance driven. Three or four comparable listings tell you more than any rule of thumb.',
      'Age and kilometres matter most. A commuter bike that has done 10,000 km a year is normal; a five-year-old bike showing 6,000 km deserves questions. Papers that are up to date, one owner, service receipts and new tyres or chain are worth paying for. Loud exhausts and other modifications rarely add value, and a fall or a weak engine takes a lot off.',
      'Sellers: price a little above what you will accept and say why it is worth it in the description. Buyers: make an offer based on what you found on the bike, not a round number off the top. If a price is far below every similar listing, be careful rather than quick.',
    ],
  },
  {
    slug: 'meeting-a-seller-safely',
    title: 'Meeting a seller (or a buyer) safely',
    tag: 'Safety',
    date: '2026-08-11',
    minutes: 3,
    paragraphs: [
      'Meet in daylight in a busy public place, such as a petrol pump, a market car park or outside a bank, and bring a friend. Tell someone at home where you are going. Sellers can meet near their home but need not invite strangers inside.',
      'Never pay an advance or a “booking fee” by bKash, Nagad or bank transfer to hold a bike you have not seen; that is the most common scam. Sellers: before a test ride, hold the buyer’s NID card and the key of the bike they came on, or ride along. Count cash in front of each other, or better, pay at a bank where it can be checked.',
      'Hand over the bike, the keys and the papers together, against the full price and a signed receipt. If anything feels wrong — a changed meeting place at the last minute, pressure to hurry, papers “coming later” — walk away. Use Report to Admin on BikeHaat so other riders are warned too.',
    ],
  },
];
