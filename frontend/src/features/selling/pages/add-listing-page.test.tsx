import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callsOf,
  fakeServer,
  holdFetchesOf,
  renderApp,
  signedInAs,
  type FakeServer,
} from '@/test/render-app.tsx';
import { aListing, inserted } from '@/test/fixtures.ts';

const categories = [
  { _id: 'c1', categoryName: 'Sports Bikes', categoryImage: '/uploads/s.png' },
  { _id: 'c2', categoryName: 'Scooters', categoryImage: '/uploads/c.png' },
];
const uploaded = { success: true, data: { display_url: '/uploads/r15.jpg' } };
const listingFields = {
  brands: ['Bajaj', 'Honda', 'Yamaha', 'Other'],
  districts: ['Chattogram', 'Dhaka', 'Sylhet'],
};
const THIS_YEAR = new Date().getFullYear();
/** What the server answers a new listing: its id, and the event that shows it everywhere. */
const listed = () => inserted('p9', { event: 'product.created', data: aListing({ _id: 'p9' }) });

/** Stores each photo under its own file name, as the server would under a fresh one. */
const storesEachPhoto: FakeServer[string] = (init) => {
  const file = (init.body as FormData).get('image') as File;
  return [200, { success: true, data: { display_url: `/uploads/${file.name}` } }];
};

/** The server takes the photo, then refuses the listing with a message for each of `fields`. */
const refusing = (fields: Record<string, string>): FakeServer => ({
  'POST /api/uploads': [200, uploaded],
  'PUT /api/products': [422, { error: 'validation', message: 'Please check the highlighted fields.', fields }],
});
const aPhoto = (name: string) => new File(['jpg'], name, { type: 'image/jpeg' });

async function openForm(server: FakeServer = {}) {
  const fetchMock = fakeServer({
    ...signedInAs('seller'),
    'GET /api/categories': [200, categories],
    'GET /api/listings/fields': [200, listingFields],
    ...server,
  });
  const view = renderApp('/dashboard/add-product');
  // The first visit loads the page's chunk.
  await screen.findByRole('option', { name: 'Scooters' }, { timeout: 5000 });
  await screen.findByRole('option', { name: 'Sylhet' });
  return { fetchMock, ...view };
}

/** The photos as listed, first to last: each one's label and whether it is marked Cover. */
function photosShown() {
  const list = screen.queryByRole('list', { name: 'Photos' });
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((item) => ({
      image: within(item).getByRole('img').getAttribute('src') ?? within(item).getByRole('img').getAttribute('aria-label'),
      cover: within(item).queryByText('Cover') !== null,
    }));
}

/** Pastes rather than types, over what the field held: one change per field keeps these long forms quick to test. */
async function fill(label: string, text: string) {
  await userEvent.clear(screen.getByLabelText(label));
  await userEvent.paste(text);
}

/** Fills in every field, picks `photos` and presses Add product unless told not to. */
async function fillIn({ photos = [aPhoto('r15.jpg')], submit = true }: { photos?: File[]; submit?: boolean } = {}) {
  await userEvent.selectOptions(screen.getByLabelText('Category'), 'Sports Bikes');
  if (photos.length > 0) await userEvent.upload(screen.getByLabelText('Product Image'), photos);
  await userEvent.selectOptions(screen.getByLabelText('Brand'), 'Yamaha');
  await fill('Model', 'R15 V3');
  await fill('Engine (cc)', '155');
  await fill('Registration Year', '2021');
  await fill('Kilometres Driven', '14,500');
  await fill('Resale Price (৳)', '1800');
  await fill('Original Price (৳)', '2500');
  await userEvent.selectOptions(screen.getByLabelText('Condition'), 'Good');
  await userEvent.selectOptions(screen.getByLabelText('District'), 'Dhaka');
  await fill('Area', ' Mirpur 10');
  await fill('Color', 'Racing Blue');
  await fill('Seller Contact Number', '01711111111');
  await fill('Description', 'Serviced last month.');
  if (submit) await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
}

describe('Add product', { timeout: 15_000 }, () => {
  it('asks a seller whose address is unproven to open the mailed link before the form', async () => {
    const fetchMock = fakeServer({
      ...signedInAs('seller', { emailVerified: false }),
      'GET /api/categories': [200, categories],
      'GET /api/listings/fields': [200, listingFields],
    });
    renderApp('/dashboard/add-product');
    const notice = await screen.findByRole('region', { name: 'Confirm your email address to list a bike' }, { timeout: 5000 });
    expect(notice).toHaveTextContent('We sent a link to seller@example.com.');
    expect(screen.getByRole('heading', { level: 2, name: 'Add a Product' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Category')).not.toBeInTheDocument();
    expect(within(notice).getByRole('button', { name: 'Send the link again' })).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call.startsWith('PUT'))).toEqual([]);
  });

  it('asks for every field with the product’s messages and sends nothing', async () => {
    const { fetchMock } = await openForm();
    expect(screen.getByRole('option', { name: 'Please Select a Category' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));

    expect(await screen.findByText('Please Select a Category', { selector: '[role=alert]' })).toBeInTheDocument();
    // image, resale price, original price, condition and color; the contact number is
    // the one the seller confirmed
    expect(screen.getAllByText('required')).toHaveLength(5);
    expect(screen.getByLabelText('Seller Contact Number')).toHaveValue('01700-000001');
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    // What buyers filter on is asked for too, and the area the name and place come from.
    for (const message of [
      'Please select the brand',
      'Please give the model',
      'Please give the engine size in cc',
      'Please give the registration year',
      'Please give the kilometres driven',
      'Please select the district',
      'Please give the area, e.g. Mirpur 10',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Kilometres Driven')).toHaveAccessibleDescription('Please give the kilometres driven');
    expect(screen.getByLabelText('Area')).toHaveAccessibleDescription(
      'Please give the area, e.g. Mirpur 10 Where buyers come to see the bike: the area and the district, as in “Mirpur 10, Dhaka”.',
    );
    expect(screen.getByLabelText('Resale Price (৳)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(callsOf(fetchMock).filter((call) => !call.startsWith('GET'))).toEqual([]);
  });

  it('brings up a number pad for prices and years', async () => {
    await openForm();
    for (const label of [
      'Resale Price (৳)',
      'Original Price (৳)',
      'Engine (cc)',
      'Kilometres Driven',
      'Registration Year',
    ]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('inputmode', 'numeric');
    }
  });

  it('uploads the picture, then lists the bike, says so and goes to the seller’s products', async () => {
    let sent: unknown;
    const { fetchMock, router } = await openForm({
      'POST /api/uploads': [200, uploaded],
      'PUT /api/products': (init) => {
        sent = JSON.parse(init.body as string);
        return [201, listed()];
      },
    });
    await fillIn();

    expect(await screen.findByText('Product Added Successfully')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard/seller-products');
    });
    expect(callsOf(fetchMock).filter((call) => !call.startsWith('GET'))).toEqual([
      'POST /api/uploads',
      'PUT /api/products',
    ]);
    expect(sent).toEqual({
      categoryId: 'c1',
      productName: 'Yamaha R15 V3',
      productImage: '/uploads/r15.jpg',
      productImages: ['/uploads/r15.jpg'],
      brand: 'Yamaha',
      model: 'R15 V3',
      engineCc: 155,
      kmDriven: 14500,
      registrationYear: 2021,
      district: 'Dhaka',
      area: 'Mirpur 10',
      resalePrice: '1800',
      originalPrice: '2500',
      // Asked once: the name from brand and model, the purchase year and years of use
      // from the registration, the meeting place from area and district.
      purchaseYear: '2021',
      yearsOfUse: String(THIS_YEAR - 2021),
      condition: 'Good',
      location: 'Mirpur 10, Dhaka',
      color: 'Racing Blue',
      sellerPhone: '01711111111',
      description: 'Serviced last month.',
      // A new listing takes every way to pay and asks no deposit unless the seller says.
      paymentMethods: ['cash', 'card', 'bkash'],
      deposit: null,
      // Buyers may make offers unless the seller says the price is fixed.
      negotiable: true,
      // The number shows on the listing, and is not said to take WhatsApp, unless ticked.
      phoneInConversation: false,
      onWhatsapp: false,
    });
  });

  it('lists a bike that waits for review: My Products reads it from the server and says so', async () => {
    let mine = [aListing({ _id: 'p1', productName: 'Honda CBR' })];
    const { fetchMock } = await openForm({
      'POST /api/uploads': [200, uploaded],
      // A new seller's first listing: news to admins only, so the answer carries no event.
      'PUT /api/products': () => {
        mine = [aListing({ _id: 'p9', productName: 'Yamaha R15 V3', state: 'pending' }), ...mine];
        return [201, inserted('p9')];
      },
      'GET /api/sellerProducts/seller%40example.com': () => [200, mine],
    });
    await fillIn();
    expect(await screen.findByText('Product Added Successfully')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Yamaha R15 V3/ });
    expect(within(row).getByText('In review')).toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain('GET /api/sellerProducts/seller%40example.com');
  });

  it('sends that the number waits for a conversation and takes WhatsApp when the seller ticks them', async () => {
    let sent: Record<string, unknown> = {};
    await openForm({
      'POST /api/uploads': [200, uploaded],
      'PUT /api/products': (init) => {
        sent = JSON.parse(init.body as string) as Record<string, unknown>;
        return [201, listed()];
      },
    });
    await fillIn({ submit: false });
    const inConversation = screen.getByRole('checkbox', { name: 'Share my number only in conversations' });
    const whatsapp = screen.getByRole('checkbox', { name: 'This number is on WhatsApp' });
    expect(inConversation).not.toBeChecked();
    expect(inConversation).toHaveAccessibleDescription(
      'Buyers see your number after you tap Share my number in a conversation',
    );
    expect(whatsapp).not.toBeChecked();
    await userEvent.click(inConversation);
    await userEvent.click(whatsapp);
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Product Added Successfully')).toBeInTheDocument();
    expect(sent).toMatchObject({ phoneInConversation: true, onWhatsapp: true });
  });

  it('sends a fixed price when the seller unticks Price is negotiable', async () => {
    let sent: Record<string, unknown> = {};
    await openForm({
      'POST /api/uploads': [200, uploaded],
      'PUT /api/products': (init) => {
        sent = JSON.parse(init.body as string) as Record<string, unknown>;
        return [201, listed()];
      },
    });
    await fillIn({ submit: false });
    const negotiable = screen.getByRole('checkbox', { name: 'Price is negotiable' });
    expect(negotiable).toBeChecked();
    await userEvent.click(negotiable);
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Product Added Successfully')).toBeInTheDocument();
    expect(sent.negotiable).toBe(false);
  });

  it('shows Loading.... while busy', async () => {
    await openForm({
      'POST /api/uploads': [200, uploaded],
      'PUT /api/products': [201, listed()],
    });
    const release = holdFetchesOf('/api/products');
    await fillIn();
    expect(await screen.findByRole('button', { name: 'Loading....' })).toBeDisabled();
    release();
    expect(await screen.findByText('Product Added Successfully')).toBeInTheDocument();
  });

  it('shows the server’s message under each field it refuses and stays on the form', async () => {
    const { router } = await openForm({
      'POST /api/uploads': [200, uploaded],
      'PUT /api/products': [
        422,
        {
          error: 'validation',
          message: 'Please check the highlighted fields.',
          fields: {
            purchaseYear: 'Purchase year must be a year between 1950 and 2026',
            location: 'required',
            sellerPhone: 'Please enter a valid phone number',
          },
        },
      ],
    });
    await fillIn();

    // A message about a field the form fills shows at the one it is filled from.
    expect(await screen.findByText('Purchase year must be a year between 1950 and 2026')).toBeInTheDocument();
    expect(screen.getByLabelText('Registration Year')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Registration Year')).toHaveAccessibleDescription(
      /^Purchase year must be a year between 1950 and 2026/,
    );
    expect(screen.getByLabelText('Area')).toHaveAccessibleDescription(/^required/);
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.queryByText('Product Added Successfully')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/add-product');
  });

  it('shows a failed upload as an error toast and lists nothing', async () => {
    const { fetchMock, router } = await openForm({
      'POST /api/uploads': [413, { error: 'too_large', message: 'The picture is too large (at most 10 MB).' }],
    });
    await fillIn();
    expect(await screen.findByText('The picture is too large (at most 10 MB).')).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('PUT /api/products');
    expect(router.state.location.pathname).toBe('/dashboard/add-product');
  });

  it('says what is wrong with an engine size, kilometres or year out of range, and sends nothing', async () => {
    const { fetchMock } = await openForm({ 'POST /api/uploads': [200, uploaded] });
    await fillIn({ submit: false });
    for (const [label, text] of [
      ['Engine (cc)', '40'],
      ['Kilometres Driven', '2,000,000'],
      ['Registration Year', String(THIS_YEAR + 1)],
    ] as const) {
      await userEvent.clear(screen.getByLabelText(label));
      await fill(label, text);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));

    expect(await screen.findByText('Engine size must be a whole number of cc from 50 to 2000')).toBeInTheDocument();
    expect(screen.getByLabelText('Kilometres Driven')).toHaveAccessibleDescription(
      'Kilometres driven must be a whole number from 0 to 1000000',
    );
    expect(screen.getByLabelText('Registration Year')).toHaveAccessibleDescription(
      new RegExp(`^Registration year must be a year between 1980 and ${String(THIS_YEAR)}`),
    );
    expect(callsOf(fetchMock)).not.toContain('PUT /api/products');
  });

  it('shows the server’s messages for the new fields and the photos beside them', async () => {
    await openForm(
      refusing({
        brand: 'Please choose a brand from the list, or Other',
        district: 'Please choose a district from the list',
        kmDriven: 'Kilometres driven must be a whole number from 0 to 1000000',
        productImages: 'Please upload an image',
      }),
    );
    await fillIn();

    expect(await screen.findByText('Please choose a brand from the list, or Other')).toBeInTheDocument();
    expect(screen.getByLabelText('Brand')).toHaveAccessibleDescription('Please choose a brand from the list, or Other');
    expect(screen.getByLabelText('District')).toHaveAccessibleDescription('Please choose a district from the list');
    expect(screen.getByLabelText('Kilometres Driven')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Product Image')).toHaveAccessibleDescription(/^Please upload an image/);
    // The first refused field takes the focus, so a phone scrolls to it.
    expect(screen.getByLabelText('Brand')).toHaveFocus();
  });

  it('says what buyers will see the bike called as the brand and model are chosen', async () => {
    await openForm();
    const model = screen.getByLabelText('Model');
    await fill('Model', 'R15 V3');
    expect(model).toHaveAccessibleDescription('Buyers see it as “R15 V3”');
    await userEvent.selectOptions(screen.getByLabelText('Brand'), 'Yamaha');
    expect(model).toHaveAccessibleDescription('Buyers see it as “Yamaha R15 V3”');
    // A model typed with its brand does not say it twice.
    await userEvent.clear(model);
    await fill('Model', 'Yamaha R15');
    expect(model).toHaveAccessibleDescription('Buyers see it as “Yamaha R15”');
  });

  it('asks the three years once: the registration year, with what buyers see of it', async () => {
    await openForm();
    expect(screen.queryByLabelText('Purchase Year')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Years of Use')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Product Name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Location')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Registration Year')).toHaveAccessibleDescription(
      'The year on its registration papers; buyers see how many years it has been on the road.',
    );
  });

  it('groups kilometres and prices as they are typed, in the digits typed', async () => {
    await openForm();
    const km = screen.getByLabelText('Kilometres Driven');
    await userEvent.type(km, '145000');
    expect(km).toHaveValue('1,45,000');
    const price = screen.getByLabelText('Resale Price (৳)');
    await userEvent.type(price, '১৮৫০০০');
    expect(price).toHaveValue('১,৮৫,০০০');
    // A digit put in the middle keeps the caret after it.
    await userEvent.type(price, '{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}5');
    expect(price).toHaveValue('১৮,৫৫,০০০');
    // Words stay as typed, and the amount understood shows under the field.
    const original = screen.getByLabelText('Original Price (৳)');
    await userEvent.type(original, '2.4 lakh');
    expect(original).toHaveValue('2.4 lakh');
    expect(original).toHaveAccessibleDescription('= ৳2,40,000');
    // The engine size and year are not amounts: they are not grouped.
    await userEvent.type(screen.getByLabelText('Engine (cc)'), '1000');
    expect(screen.getByLabelText('Engine (cc)')).toHaveValue('1000');
  });
});

describe('Add product: how buyers can pay', { timeout: 15_000 }, () => {
  /** The form filled in, with what the server was sent kept for the test to read. */
  async function openToList() {
    let sent: Record<string, unknown> | undefined;
    const view = await openForm({
      'POST /api/uploads': [200, uploaded],
      'PUT /api/products': (init) => {
        sent = JSON.parse(init.body as string) as Record<string, unknown>;
        return [201, listed()];
      },
    });
    await fillIn({ submit: false });
    return { ...view, sent: () => sent };
  }
  const add = () => userEvent.click(screen.getByRole('button', { name: 'Add product' }));

  it('starts with every way ticked, no deposit, and says what a deposit is', async () => {
    await openForm();
    const pay = within(screen.getByRole('group', { name: 'How buyers can pay' }));
    for (const way of ['Cash at the meet-up', 'Card (held until the handover)', 'bKash (held until the handover)']) {
      expect(pay.getByRole('checkbox', { name: way })).toBeChecked();
    }
    expect(pay.getByRole('radio', { name: 'No deposit' })).toBeChecked();
    expect(pay.queryByLabelText('Deposit amount (৳)')).not.toBeInTheDocument();
    expect(pay.getByRole('group', { name: 'Deposit to reserve' })).toHaveAccessibleDescription(
      'The deposit is held by card or bKash when the buyer reserves, and taken only at the handover; the rest is paid in cash at the meet-up.',
    );
  });

  it.each([
    {
      deposit: 'a fixed deposit',
      untick: 'Cash at the meet-up',
      kind: 'A fixed amount',
      field: 'Deposit amount (৳)',
      typed: '1,000',
      sends: { paymentMethods: ['card', 'bkash'], deposit: { amount: 1000 } },
    },
    {
      deposit: 'a deposit as a share of the price',
      untick: 'Card (held until the handover)',
      kind: 'A share of the price',
      field: 'Deposit share of the price (%)',
      typed: '10',
      sends: { paymentMethods: ['cash', 'bkash'], deposit: { percent: 10 } },
    },
  ])('sends only the ways ticked and $deposit', async ({ untick, kind, field, typed, sends }) => {
    const { sent } = await openToList();
    await userEvent.click(screen.getByRole('checkbox', { name: untick }));
    await userEvent.click(screen.getByRole('radio', { name: kind }));
    await fill(field, typed);
    await add();

    expect(await screen.findByText('Product Added Successfully')).toBeInTheDocument();
    expect(sent()).toMatchObject(sends);
  });

  it('asks for at least one way to pay, and sends nothing', async () => {
    const { fetchMock } = await openToList();
    for (const way of ['Cash at the meet-up', 'Card (held until the handover)', 'bKash (held until the handover)']) {
      await userEvent.click(screen.getByRole('checkbox', { name: way }));
    }
    await add();

    expect(await screen.findByText('Choose at least one way to pay')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Ways to pay' })).toHaveAccessibleDescription('Choose at least one way to pay');
    expect(callsOf(fetchMock)).not.toContain('PUT /api/products');
    // Ticking one clears the message.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cash at the meet-up' }));
    expect(screen.queryByText('Choose at least one way to pay')).not.toBeInTheDocument();
  });

  it('refuses a fixed deposit of nothing or of the whole price', async () => {
    const { fetchMock } = await openToList();
    await userEvent.click(screen.getByRole('radio', { name: 'A fixed amount' }));
    await add();
    const amount = screen.getByLabelText('Deposit amount (৳)');
    expect(await screen.findByText('A deposit must be more than ৳0 and less than the price')).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription('A deposit must be more than ৳0 and less than the price');

    // The price is ৳1,800: a deposit of all of it is no deposit.
    await fill('Deposit amount (৳)', '1800');
    await add();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(callsOf(fetchMock)).not.toContain('PUT /api/products');
  });

  it('refuses a share of the price outside 1 to 90 percent', async () => {
    const { fetchMock } = await openToList();
    await userEvent.click(screen.getByRole('radio', { name: 'A share of the price' }));
    await fill('Deposit share of the price (%)', '95');
    await add();

    expect(await screen.findByText('A deposit share must be a whole number from 1 to 90 percent')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Deposit share of the price (%)'));
    await fill('Deposit share of the price (%)', '12.5');
    await add();
    expect(screen.getByLabelText('Deposit share of the price (%)')).toHaveAccessibleDescription(
      'A deposit share must be a whole number from 1 to 90 percent',
    );
    expect(callsOf(fetchMock)).not.toContain('PUT /api/products');
  });

  it('will not ask a deposit of a listing that takes cash only', async () => {
    const { fetchMock, sent } = await openToList();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Card (held until the handover)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'bKash (held until the handover)' }));
    await userEvent.click(screen.getByRole('radio', { name: 'A share of the price' }));
    await fill('Deposit share of the price (%)', '10');
    await add();

    const held = 'A deposit is held by card or bKash: take at least one of them';
    expect(await screen.findByText(held)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Deposit to reserve' })).toHaveAccessibleDescription(new RegExp(`${held}$`));
    expect(callsOf(fetchMock)).not.toContain('PUT /api/products');

    // Taking bKash again is enough.
    await userEvent.click(screen.getByRole('checkbox', { name: 'bKash (held until the handover)' }));
    expect(screen.queryByText(held)).not.toBeInTheDocument();
    await add();
    expect(await screen.findByText('Product Added Successfully')).toBeInTheDocument();
    expect(sent()).toMatchObject({ paymentMethods: ['cash', 'bkash'], deposit: { percent: 10 } });
  });

  it('shows the server’s messages for the ways to pay and the deposit', async () => {
    await openForm(
      refusing({
        paymentMethods: 'Choose at least one way to pay',
        deposit: 'A deposit is held by card or bKash: take at least one of them',
      }),
    );
    await fillIn();

    expect(await screen.findByText('Choose at least one way to pay')).toBeInTheDocument();
    expect(screen.getByText('A deposit is held by card or bKash: take at least one of them')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Cash at the meet-up' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Add product: photos', { timeout: 15_000 }, () => {
  beforeEach(() => {
    // A picked photo shows at once from the phone itself; here, by its file name.
    vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => `blob:${(file as File).name}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  });

  it('uploads several photos, lets the seller reorder and remove them, and sends them cover first', async () => {
    let sent: Record<string, unknown> = {};
    const { fetchMock } = await openForm({
      'POST /api/uploads': storesEachPhoto,
      'PUT /api/products': (init) => {
        sent = JSON.parse(init.body as string) as Record<string, unknown>;
        return [201, listed()];
      },
    });
    await fillIn({ photos: [aPhoto('side.jpg'), aPhoto('engine.jpg')], submit: false });
    // More later, as a seller who finds a better one.
    await userEvent.upload(screen.getByLabelText('Product Image'), [aPhoto('front.jpg'), aPhoto('blurry.jpg')]);
    await waitFor(() => {
      expect(screen.queryByText('Uploading…')).not.toBeInTheDocument();
    });
    expect(photosShown()).toEqual([
      { image: 'blob:side.jpg', cover: true },
      { image: 'blob:engine.jpg', cover: false },
      { image: 'blob:front.jpg', cover: false },
      { image: 'blob:blurry.jpg', cover: false },
    ]);
    expect(screen.getByText(/4 of 8 added/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 4 right' })).toBeDisabled();

    // The front view becomes the cover; focus stays on the photo being moved.
    await userEvent.click(screen.getByRole('button', { name: 'Move photo 3 left' }));
    expect(screen.getByRole('button', { name: 'Move photo 2 left' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Move photo 1 right' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 4' }));
    expect(screen.getByRole('button', { name: 'Remove photo 3' })).toHaveFocus();
    expect(photosShown()).toEqual([
      { image: 'blob:front.jpg', cover: true },
      { image: 'blob:side.jpg', cover: false },
      { image: 'blob:engine.jpg', cover: false },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Product Added Successfully')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call === 'POST /api/uploads')).toHaveLength(4);
    expect(sent.productImages).toEqual(['/uploads/front.jpg', '/uploads/side.jpg', '/uploads/engine.jpg']);
    expect(sent.productImage).toBe('/uploads/front.jpg');
  });

  it('keeps to 8 photos', async () => {
    const { fetchMock } = await openForm({ 'POST /api/uploads': storesEachPhoto });
    await userEvent.upload(
      screen.getByLabelText('Product Image'),
      Array.from({ length: 9 }, (_, i) => aPhoto(`bike-${String(i + 1)}.jpg`)),
    );
    expect(await screen.findByText('Please keep to 8 photos')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByText(/8 of 8 added/)).toBeInTheDocument();
    expect(screen.getByLabelText('Product Image')).toBeDisabled();
    await waitFor(() => {
      expect(callsOf(fetchMock).filter((call) => call === 'POST /api/uploads')).toHaveLength(8);
    });

    // Removing one makes room again.
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 8' }));
    expect(screen.getByLabelText('Product Image')).toBeEnabled();
    expect(screen.queryByText('Please keep to 8 photos')).not.toBeInTheDocument();
  });

  it('marks a photo that did not upload, lists nothing until it is tried again, then lists the bike', async () => {
    let failing = true;
    const { fetchMock } = await openForm({
      'POST /api/uploads': (init) =>
        failing ? [503, { error: 'unavailable', message: 'The photo could not be stored. Please try again.' }] : storesEachPhoto(init),
      'PUT /api/products': [201, listed()],
    });
    await fillIn({ photos: [aPhoto('side.jpg')] });

    expect(await screen.findByText('Not uploaded')).toBeInTheDocument();
    expect(await screen.findByText('A photo did not upload: try it again, or remove it')).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('PUT /api/products');

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try photo 1 again' }));
    await waitFor(() => {
      expect(screen.queryByText('Not uploaded')).not.toBeInTheDocument();
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Product Added Successfully')).toBeInTheDocument();
  });
});

describe('Add product: the phone check', { timeout: 20_000 }, () => {
  const sentToNumber: FakeServer[string] = [
    202,
    { phone: '+8801712345678', expiresAt: '2099-01-01T00:10:00Z', resendAfter: 60 },
  ];
  const withoutPhone = (): FakeServer => ({
    ...signedInAs('seller', { phone: null }),
    'GET /api/categories': [200, categories],
    'GET /api/listings/fields': [200, listingFields],
  });

  it('asks a seller with no confirmed phone to confirm one before the form, which waits', async () => {
    fakeServer(withoutPhone());
    renderApp('/dashboard/add-product');
    const check = await screen.findByRole('region', { name: 'Confirm your phone' }, { timeout: 5000 });
    expect(check).toHaveTextContent('Before you list a bike, confirm the number buyers will call');
    expect(check).toHaveTextContent('Buyers then see “Phone verified” on your listings.');
    expect(within(check).getByLabelText('Mobile number')).toBeInTheDocument();
    expect(within(check).getByRole('button', { name: 'Send code' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Add a Product' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Category')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add product' })).not.toBeInTheDocument();
  });

  it('is not shown to a seller whose phone is confirmed, whose listing takes that number', async () => {
    fakeServer({
      ...signedInAs('seller', { phone: '+8801712345678' }),
      'GET /api/categories': [200, categories],
      'GET /api/listings/fields': [200, listingFields],
    });
    renderApp('/dashboard/add-product');
    await screen.findByRole('option', { name: 'Scooters' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Confirm your phone' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Seller Contact Number')).toHaveValue('01712-345678');
  });

  it('once confirmed gives way to the form, its contact number filled with the number', async () => {
    let confirmed = false;
    const server = withoutPhone();
    const account = server['GET /api/users/seller%40example.com'] as [number, object];
    fakeServer({
      ...server,
      'GET /api/users/seller%40example.com': () =>
        confirmed ? [200, { ...account[1], phone: '+8801712345678', phoneVerified: true }] : account,
      'POST /api/phone': sentToNumber,
      'POST /api/phone/confirm': () => {
        confirmed = true;
        return [200, { phone: '+8801712345678', phoneVerified: true }];
      },
    });
    renderApp('/dashboard/add-product');
    const check = await screen.findByRole('region', { name: 'Confirm your phone' }, { timeout: 5000 });
    await userEvent.type(within(check).getByLabelText('Mobile number'), '01712345678');
    await userEvent.click(within(check).getByRole('button', { name: 'Send code' }));
    expect(await within(check).findByText('We sent a code to 01712-345678')).toBeInTheDocument();
    await userEvent.type(within(check).getByLabelText('Code from the SMS'), '123456');
    await userEvent.click(within(check).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByLabelText('Seller Contact Number', {}, { timeout: 5000 })).toHaveValue('01712-345678');
    expect(screen.queryByRole('region', { name: 'Confirm your phone' })).not.toBeInTheDocument();
  });

  it('tells a seller the server refused for want of a confirmed phone', async () => {
    await openForm({
      'POST /api/uploads': [200, uploaded],
      'PUT /api/products': [
        403,
        {
          error: 'phone_unverified',
          reason: 'phone_unverified',
          message: 'Confirm your phone number first: we send a code by SMS to the number buyers will call.',
        },
      ],
    });
    await fillIn();
    expect(
      await screen.findByText('Confirm your phone number first: we send a code by SMS to the number buyers will call.'),
    ).toBeInTheDocument();
  });
});
