// The seller's pages in Bangla: the listing form's labels, messages and photos, and My
// Products; and the form's numbers typed as people write them — prices as "২ লাখ",
// "1.5 lakh" or "2L", km, cc, years and the phone in Bengali digits — sent as plain numbers.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aListing, inserted } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const MINE = 'GET /api/sellerProducts/seller%40example.com';
const formServer: FakeServer = {
  'GET /api/categories': [200, [{ _id: 'c1', categoryName: 'Sports Bikes', categoryImage: '/uploads/s.png' }]],
  'GET /api/listings/fields': [200, { brands: ['Honda', 'Yamaha'], districts: ['Dhaka', 'Sylhet'] }],
  'POST /api/uploads': [200, { success: true, data: { display_url: '/uploads/r15.jpg' } }],
};

/** Opens Add product in `language`; answers what the listing sent, once sent. */
async function openForm(language?: 'bn') {
  if (language) localStorage.setItem('language', language);
  let sent: Record<string, unknown> | undefined;
  fakeServer({
    ...signedInAs('seller'),
    ...formServer,
    'PUT /api/products': (init) => {
      sent = JSON.parse(init.body as string) as Record<string, unknown>;
      return [201, inserted('p9', { event: 'product.created', data: aListing({ _id: 'p9' }) })];
    },
  });
  renderApp('/dashboard/add-product');
  await screen.findByRole('option', { name: 'Sports Bikes' }, { timeout: 5000 });
  await screen.findByRole('option', { name: 'Sylhet' });
  return () => sent;
}

async function fill(label: string, text: string) {
  await userEvent.clear(screen.getByLabelText(label));
  await userEvent.paste(text);
}

describe('Add product in Bangla', { timeout: 20_000 }, () => {
  it('asks a seller without a confirmed phone for one before the form, in Bangla', async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({ ...signedInAs('seller', { phone: null }), ...formServer });
    renderApp('/dashboard/add-product');
    const check = await screen.findByRole('region', { name: 'আপনার ফোন নম্বর যাচাই করুন' }, { timeout: 5000 });
    expect(check).toHaveTextContent('বাইকের বিজ্ঞাপন দেওয়ার আগে যে নম্বরে ক্রেতারা ফোন করবেন সেটি যাচাই করুন');
    expect(check).toHaveTextContent('তারপর আপনার বিজ্ঞাপনে ক্রেতারা দেখবেন “ফোন যাচাই করা হয়েছে”।');
    expect(within(check).getByRole('button', { name: 'কোড পাঠান' })).toBeInTheDocument();
    expect(screen.queryByLabelText('বিক্রির দাম (৳)')).not.toBeInTheDocument();
  });

  it('says the form, its photos and its messages in Bangla, with Bengali digits', async () => {
    await openForm('bn');
    expect(screen.getByRole('heading', { name: 'বাইক বিক্রি করুন' })).toBeInTheDocument();
    expect(screen.getByLabelText('বিক্রির দাম (৳)')).toHaveAttribute('placeholder', 'যেমন ১,৮৫,০০০ বা ১.৮৫ লাখ');
    expect(screen.getByText('সর্বোচ্চ ৮টি ছবি; প্রথমটি কভার, ক্রেতারা সেটাই আগে দেখেন। ৮টির মধ্যে ০টি দেওয়া হয়েছে।')).toBeInTheDocument();
    const pay = within(screen.getByRole('group', { name: 'ক্রেতা কীভাবে টাকা দেবেন' }));
    expect(pay.getByRole('checkbox', { name: 'বিকাশ (হস্তান্তর পর্যন্ত আটকে রাখা)' })).toBeChecked();
    expect(pay.getByRole('radio', { name: 'অগ্রিম লাগবে না' })).toBeChecked();
    expect(within(screen.getByLabelText('অবস্থা')).getByRole('option', { name: 'ভালো' })).toHaveValue('Good');

    await fill('ইঞ্জিন (সিসি)', '৪০');
    await userEvent.click(screen.getByRole('button', { name: 'বাইক যোগ করুন' }));
    expect(await screen.findByText('একটা ক্যাটাগরি বাছুন', { selector: '[role=alert]' })).toBeInTheDocument();
    expect(screen.getAllByText('এটা দিতে হবে')).toHaveLength(5);
    expect(screen.getByLabelText('ইঞ্জিন (সিসি)')).toHaveAccessibleDescription(
      'ইঞ্জিন ৫০ থেকে ২০০০ সিসির মধ্যে, পূর্ণ সংখ্যায় লিখুন',
    );
    expect(screen.getByLabelText('কত কিমি চলেছে')).toHaveAccessibleDescription('বাইকটি কত কিমি চলেছে লিখুন');
    expect(screen.getByText('বিবরণ লিখুন')).toBeInTheDocument();
  });

  it('reads prices as "২ লাখ" or "1.5 lakh" and numbers in Bengali digits, says what it read, and sends plain numbers', async () => {
    const sent = await openForm('bn');
    await userEvent.selectOptions(screen.getByLabelText('ক্যাটাগরি'), 'Sports Bikes');
    await userEvent.upload(screen.getByLabelText('বাইকের ছবি'), new File(['jpg'], 'r15.jpg', { type: 'image/jpeg' }));
    await userEvent.selectOptions(screen.getByLabelText('ব্র্যান্ড'), 'Yamaha');
    await fill('মডেল', 'R15 V3');
    await fill('ইঞ্জিন (সিসি)', '১৫৫');
    await fill('রেজিস্ট্রেশনের সাল', '২০২১');
    await fill('কত কিমি চলেছে', '১৪,৫০০');
    await fill('বিক্রির দাম (৳)', '২ লাখ');
    await fill('কেনা দাম (৳)', '1.5 lakh');
    await userEvent.selectOptions(screen.getByLabelText('অবস্থা'), 'Good');
    await userEvent.selectOptions(screen.getByLabelText('জেলা'), 'Dhaka');
    await fill('এলাকা', 'মিরপুর ১০');
    await fill('রং', 'লাল');
    await fill('বিক্রেতার ফোন নম্বর', '০১৭১১ ১১১১১১');
    await fill('বিবরণ', 'গত মাসে সার্ভিস করা।');
    await userEvent.click(screen.getByRole('radio', { name: 'নির্দিষ্ট টাকা' }));
    await fill('অগ্রিমের টাকা (৳)', '২০ হাজার');

    // Each price says the amount it read, in Bangla digits, and is described by it.
    expect(screen.getByText('= ৳২,০০,০০০')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByLabelText('বিক্রির দাম (৳)')).toHaveAccessibleDescription('= ৳২,০০,০০০');
    expect(screen.getByText('= ৳১,৫০,০০০')).toBeInTheDocument();
    expect(screen.getByText('= ৳২০,০০০')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'বাইক যোগ করুন' }));
    expect(await screen.findByText('বাইক যোগ করা হয়েছে')).toBeInTheDocument();
    expect(sent()).toMatchObject({
      resalePrice: '200000',
      originalPrice: '150000',
      engineCc: 155,
      registrationYear: 2021,
      kmDriven: 14500,
      productName: 'Yamaha R15 V3',
      purchaseYear: '2021',
      yearsOfUse: String(new Date().getFullYear() - 2021),
      location: 'মিরপুর ১০, Dhaka',
      sellerPhone: '01711 111111',
      deposit: { amount: 20000 },
    });
  });

  it('refuses a deposit of the whole price written another way', async () => {
    await openForm('bn');
    await fill('বিক্রির দাম (৳)', '২ লাখ');
    await userEvent.click(screen.getByRole('radio', { name: 'নির্দিষ্ট টাকা' }));
    await fill('অগ্রিমের টাকা (৳)', '200000');
    await userEvent.click(screen.getByRole('button', { name: 'বাইক যোগ করুন' }));
    expect(await screen.findByText('অগ্রিম ৳০-এর বেশি আর দামের চেয়ে কম হতে হবে')).toBeInTheDocument();
  });
});

describe('Add product in English', { timeout: 20_000 }, () => {
  it('stays English by default, and reads "2L" as ৳2,00,000 too', async () => {
    await openForm();
    expect(screen.getByRole('heading', { name: 'Add a Product' })).toBeInTheDocument();
    expect(screen.getByText(/0 of 8 added/)).toBeInTheDocument();
    await fill('Resale Price (৳)', '2L');
    expect(screen.getByText('= ৳2,00,000')).toHaveAttribute('aria-live', 'polite');
    await fill('Original Price (৳)', '2,40,000');
    expect(screen.getByText('= ৳2,40,000')).toBeInTheDocument();
  });
});

describe('My Products in Bangla', () => {
  const listings = [
    { ...aListing({ _id: 'p1', productName: 'Yamaha R15', resalePrice: 185000 }), bookings: 2 },
    aListing({ _id: 'p2', productName: 'Honda CBR', availability: 'sold' }),
  ];

  it('says the table, statuses, prices and counts in Bangla', async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({ ...signedInAs('seller'), [MINE]: [200, listings] });
    renderApp('/dashboard/seller-products');
    expect(await screen.findByRole('heading', { name: 'আমার বাইক' })).toBeInTheDocument();
    const yamaha = await screen.findByRole('row', { name: /Yamaha R15/ });
    expect(yamaha).toHaveTextContent('৳১,৮৫,০০০');
    expect(yamaha).toHaveTextContent('পাওয়া যাচ্ছে');
    expect(within(yamaha).getByRole('link', { name: '২টি বুকিং' })).toHaveAttribute('href', '/dashboard/my-buyers');
    expect(within(yamaha).getByRole('button', { name: 'প্রচার করুন' })).toBeInTheDocument();
    expect(within(yamaha).getByRole('link', { name: 'Yamaha R15 বদলান' })).toHaveTextContent('বদলান');
    const honda = screen.getByRole('row', { name: /Honda CBR/ });
    expect(honda).toHaveTextContent('রেকর্ডে রাখা আছে');
    expect(within(honda).getAllByText('বিক্রি হয়ে গেছে')).toHaveLength(2);
  });

  it('says in Bangla which bikes wait for review and which an admin rejected', async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({
      ...signedInAs('seller'),
      [MINE]: [
        200,
        [
          aListing({ _id: 'p4', productName: 'TVS Apache', state: 'pending' }),
          aListing({ _id: 'p5', productName: 'Bajaj Pulsar', state: 'rejected', stateReason: 'ছবিগুলো ঝাপসা' }),
        ],
      ],
    });
    renderApp('/dashboard/seller-products');
    const apache = await screen.findByRole('row', { name: /TVS Apache/ });
    expect(within(apache).getByText('যাচাই চলছে')).toBeInTheDocument();
    expect(apache).toHaveTextContent('চালু হলে');
    expect(
      screen.getByText(
        'যাচাই চলছে: নতুন বিক্রেতার প্রথম বিজ্ঞাপনগুলো ক্রেতারা দেখার আগে একজন অ্যাডমিন দেখে নেন। বিজ্ঞাপনটি চালু হলেই আমরা আপনাকে জানাব।',
      ),
    ).toBeInTheDocument();
    const pulsar = screen.getByRole('row', { name: /Bajaj Pulsar/ });
    expect(within(pulsar).getByText('ফিরিয়ে দেওয়া হয়েছে')).toBeInTheDocument();
    expect(pulsar).toHaveTextContent('ছবিগুলো ঝাপসা');
    expect(pulsar).toHaveTextContent('অ্যাডমিন যা বলেছেন তা ঠিক করে বিজ্ঞাপনটি বদলান: সেভ করলেই এটা আবার যাচাইয়ে যাবে।');
  });

  it('says when there is none yet', async () => {
    localStorage.setItem('language', 'bn');
    fakeServer({ ...signedInAs('seller'), [MINE]: [200, []] });
    renderApp('/dashboard/seller-products');
    expect(await screen.findByText('এখনো কোনো বাইক যোগ করেননি।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'প্রথম বাইকটি যোগ করুন' })).toBeInTheDocument();
  });

  it('stays English by default', async () => {
    fakeServer({ ...signedInAs('seller'), [MINE]: [200, listings] });
    renderApp('/dashboard/seller-products');
    const yamaha = await screen.findByRole('row', { name: /Yamaha R15/ });
    expect(yamaha).toHaveTextContent('৳1,85,000');
    expect(within(yamaha).getByRole('link', { name: '2 bookings' })).toBeInTheDocument();
  });
});
