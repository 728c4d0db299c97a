import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Listing } from '@/lib/api/types.ts';
import { aListing, modified } from '@/test/fixtures.ts';
import { callsOf, fakeServer, holdFetchesOf, renderApp, signedInAs } from '@/test/render-app.tsx';

const MINE = 'GET /api/sellerProducts/seller%40example.com';
const r15 = aListing({ _id: 'p1', productName: 'Yamaha R15', resalePrice: 1800, color: 'Red' });
const sold = aListing({ _id: 'p2', productName: 'Honda CBR', availability: 'sold' });

describe('editing a listing', () => {
  it('My Products offers Edit for unsold bikes only', async () => {
    fakeServer({ ...signedInAs('seller'), [MINE]: [200, [r15, sold]] });
    renderApp('/dashboard/seller-products');
    const row = await screen.findByRole('row', { name: /Yamaha R15/ });
    expect(within(row).getByRole('link', { name: 'Edit Yamaha R15' })).toHaveAttribute('href', '/dashboard/edit-product/p1');
    expect(within(screen.getByRole('row', { name: /Honda CBR/ })).queryByRole('link', { name: /Edit/ })).toBeNull();
  });

  it('changes the price and details, keeps what the bike is, and goes back to My Products', async () => {
    let sent: Record<string, unknown> = {};
    const fetchMock = fakeServer({
      ...signedInAs('seller'),
      [MINE]: [200, [r15, sold]],
      'GET /api/categories': [200, [{ _id: 'c1', categoryName: 'Sports', categoryImage: '/c.png' }]],
      'PUT /api/products/p1': (init) => {
        sent = JSON.parse(init.body as string) as Record<string, unknown>;
        const listing = { ...r15, resalePrice: 1500, color: 'Matte Black' };
        return [200, modified({ event: 'product.updated', data: listing })];
      },
    });
    const releaseCategories = holdFetchesOf('/api/categories');
    const { router } = renderApp('/dashboard/edit-product/p1');
    expect(await screen.findByRole('heading', { name: 'Edit Yamaha R15' })).toBeInTheDocument();
    releaseCategories();
    // The name comes from the brand and model as posted: it is no field of its own.
    expect(screen.queryByLabelText('Product Name')).not.toBeInTheDocument();
    // The category shows even when the list arrives after the form.
    await screen.findByRole('option', { name: 'Sports' });
    await waitFor(() => {
      expect(screen.getByLabelText('Category')).toHaveDisplayValue('Sports');
    });
    const price = screen.getByLabelText('Resale Price (৳)');
    expect(price).toHaveValue('1800');
    await userEvent.clear(price);
    await userEvent.type(price, '1500');
    await userEvent.clear(screen.getByLabelText('Color'));
    await userEvent.type(screen.getByLabelText('Color'), 'Matte Black');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard/seller-products');
    });
    expect(sent).toMatchObject({
      productName: 'Yamaha R15',
      // The area and district were not touched: the meeting place stays as posted.
      location: r15.location,
      resalePrice: '1500',
      color: 'Matte Black',
      productImage: r15.productImage,
      productImages: r15.photos,
    });
    expect(callsOf(fetchMock)).not.toContain('POST /api/uploads');
  });

  it("shows whether the price is negotiable as the listing says, and sends the seller's change", async () => {
    let sent: Record<string, unknown> = {};
    fakeServer({
      ...signedInAs('seller'),
      [MINE]: [200, [{ ...r15, negotiable: false }]],
      'PUT /api/products/p1': (init) => {
        sent = JSON.parse(init.body as string) as Record<string, unknown>;
        return [200, modified({ event: 'product.updated', data: r15 })];
      },
    });
    renderApp('/dashboard/edit-product/p1');
    const negotiable = await screen.findByRole('checkbox', { name: 'Price is negotiable' });
    expect(negotiable).not.toBeChecked();
    await userEvent.click(negotiable);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent.negotiable).toBe(true);
  });

  it('shows when the number is shared and whether it takes WhatsApp as the listing says, and sends the change', async () => {
    let sent: Record<string, unknown> = {};
    fakeServer({
      ...signedInAs('seller'),
      [MINE]: [200, [{ ...r15, phoneInConversation: true, onWhatsapp: false }]],
      'PUT /api/products/p1': (init) => {
        sent = JSON.parse(init.body as string) as Record<string, unknown>;
        return [200, modified({ event: 'product.updated', data: r15 })];
      },
    });
    renderApp('/dashboard/edit-product/p1');
    const inConversation = await screen.findByRole('checkbox', { name: 'Share my number only in conversations' });
    const whatsapp = screen.getByRole('checkbox', { name: 'This number is on WhatsApp' });
    expect(inConversation).toBeChecked();
    expect(whatsapp).not.toBeChecked();
    await userEvent.click(inConversation);
    await userEvent.click(whatsapp);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent).toMatchObject({ phoneInConversation: false, onWhatsapp: true });
  });

  it('shows the server refusing a field beside it', async () => {
    fakeServer({
      ...signedInAs('seller'),
      [MINE]: [200, [r15]],
      'PUT /api/products/p1': [
        422,
        { error: 'validation', message: 'Resale price must be a number above 0', fields: { resalePrice: 'Resale price must be a number above 0' } },
      ],
    });
    renderApp('/dashboard/edit-product/p1');
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Resale price must be a number above 0')).toBeInTheDocument();
  });

  it('says why an admin rejected the bike, and saving it sends it back for review', async () => {
    const rejected = { ...r15, state: 'rejected', stateReason: 'Please remove the phone number from the description' };
    fakeServer({
      ...signedInAs('seller'),
      [MINE]: [200, [rejected]],
      'GET /api/categories': [200, [{ _id: 'c1', categoryName: 'Sports', categoryImage: '/c.png' }]],
      // The edit sends it back to the queue: the answer's event says it waits again.
      'PUT /api/products/p1': [200, modified({ event: 'product.updated', data: { ...r15, state: 'pending', description: 'Call through the site.' } })],
    });
    renderApp('/dashboard/edit-product/p1');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Rejected: Please remove the phone number from the description');
    expect(note).toHaveTextContent('Edit it to fix what the admin said: saving it sends it back for review.');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Yamaha R15/ });
    expect(within(row).getByText('In review')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('Please remove the phone number');
  });

  it('says so for a sold bike', async () => {
    fakeServer({ ...signedInAs('seller'), [MINE]: [200, [r15, sold]] });
    renderApp('/dashboard/edit-product/p2');
    expect(await screen.findByRole('alert')).toHaveTextContent('A sold bike cannot be changed.');
  });

  it('says so for a bike that is not theirs', async () => {
    fakeServer({ ...signedInAs('seller'), [MINE]: [200, [r15]] });
    renderApp('/dashboard/edit-product/p9');
    expect(await screen.findByRole('alert')).toHaveTextContent('This bike is not one of your listings.');
  });

  it('shows what the bike is read-only, and changes its kilometres, district, area and photos', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => `blob:${(file as File).name}`);
    const bike = aListing({
      _id: 'p1',
      productName: 'Yamaha R15',
      photos: ['/uploads/side.jpg', '/uploads/engine.jpg'],
      productImage: '/uploads/side.jpg',
    });
    let sent: Record<string, unknown> = {};
    const fetchMock = fakeServer({
      ...signedInAs('seller'),
      [MINE]: [200, [bike]],
      'GET /api/listings/fields': [200, { brands: ['Honda', 'Yamaha', 'Other'], districts: ['Dhaka', 'Gazipur'] }],
      'POST /api/uploads': [200, { success: true, data: { display_url: '/uploads/front.jpg' } }],
      'PUT /api/products/p1': (init) => {
        sent = JSON.parse(init.body as string) as Record<string, unknown>;
        const photos = ['/uploads/front.jpg', '/uploads/side.jpg'];
        const listing = { ...bike, kmDriven: 16200, district: 'Gazipur', area: 'Tongi', photos, productImage: '/uploads/front.jpg' };
        return [200, modified({ event: 'product.updated', data: listing })];
      },
    });
    renderApp('/dashboard/edit-product/p1');
    await screen.findByRole('heading', { name: 'Edit Yamaha R15' });
    for (const [label, value] of [
      ['Brand', 'Yamaha'],
      ['Model', 'R15'],
      ['Engine (cc)', '155'],
      ['Registration Year', '2021'],
    ] as const) {
      expect(screen.getByLabelText(label)).toHaveValue(value);
      expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    }
    const photos = () =>
      within(screen.getByRole('list', { name: 'Photos' }))
        .getAllByRole('img')
        .map((image) => image.getAttribute('src'));
    expect(photos()).toEqual(['/uploads/side.jpg', '/uploads/engine.jpg']);

    const km = screen.getByLabelText('Kilometres Driven');
    expect(km).toHaveValue('14500');
    await userEvent.clear(km);
    await userEvent.type(km, '16,200');
    await screen.findByRole('option', { name: 'Gazipur' });
    expect(screen.getByLabelText('District')).toHaveValue('Dhaka');
    await userEvent.selectOptions(screen.getByLabelText('District'), 'Gazipur');
    await userEvent.clear(screen.getByLabelText('Area'));
    await userEvent.type(screen.getByLabelText('Area'), 'Tongi');

    await userEvent.upload(screen.getByLabelText('Product Image'), new File(['jpg'], 'front.jpg', { type: 'image/jpeg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move photo 3 left' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move photo 2 left' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    expect(photos()).toEqual(['blob:front.jpg', '/uploads/side.jpg']);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => !call.startsWith('GET'))).toEqual(['POST /api/uploads', 'PUT /api/products/p1']);
    expect(sent).toMatchObject({
      kmDriven: 16200,
      district: 'Gazipur',
      area: 'Tongi',
      // A new area and district make the meeting place.
      location: 'Tongi, Gazipur',
      productImage: '/uploads/front.jpg',
      productImages: ['/uploads/front.jpg', '/uploads/side.jpg'],
      // Sent as posted; the server keeps them regardless.
      brand: 'Yamaha',
      model: 'R15',
      engineCc: 155,
      registrationYear: 2021,
    });
  });

  it('will not save a listing without a photo', async () => {
    const fetchMock = fakeServer({ ...signedInAs('seller'), [MINE]: [200, [r15]] });
    renderApp('/dashboard/edit-product/p1');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove photo 1' }));
    expect(screen.getByLabelText('Product Image')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('required')).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('PUT /api/products/p1');
  });

  /**
   * Opens the edit page of the seller's listing `id`, named `name`, with how it takes
   * payment and its deposit as `pay`; returns what Save changes sends.
   */
  async function openToEdit(id: string, name: string, pay: Pick<Listing, 'paymentMethods' | 'deposit'>) {
    let sent: Record<string, unknown> = {};
    fakeServer({
      ...signedInAs('seller'),
      [MINE]: [200, [{ ...aListing({ _id: id, productName: name }), ...pay }]],
      [`PUT /api/products/${id}`]: (init) => {
        sent = JSON.parse(init.body as string) as Record<string, unknown>;
        return [200, modified({ event: 'product.updated', data: aListing({ _id: id, productName: name }) })];
      },
    });
    renderApp(`/dashboard/edit-product/${id}`);
    await screen.findByRole('heading', { name: `Edit ${name}` });
    return () => sent;
  }

  it('shows the ways to pay and the deposit as listed, and sends them changed', async () => {
    const sent = await openToEdit('p1', 'Yamaha R15', { paymentMethods: ['card', 'bkash'], deposit: { percent: 10 } });
    expect(screen.getByRole('checkbox', { name: 'Cash at the meet-up' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Card (held until the handover)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'bKash (held until the handover)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'A share of the price' })).toBeChecked();
    expect(screen.getByLabelText('Deposit share of the price (%)')).toHaveValue('10');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Cash at the meet-up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent()).toMatchObject({ paymentMethods: ['cash', 'card', 'bkash'], deposit: { percent: 10 } });
  });

  it('reads a listing that does not say how to pay as taking every way, with no deposit', async () => {
    const older: Partial<Listing> = aListing({ _id: 'p1', productName: 'Yamaha R15', deposit: null });
    delete older.paymentMethods;
    fakeServer({ ...signedInAs('seller'), [MINE]: [200, [older]] });
    renderApp('/dashboard/edit-product/p1');
    await screen.findByRole('heading', { name: 'Edit Yamaha R15' });
    for (const way of ['Cash at the meet-up', 'Card (held until the handover)', 'bKash (held until the handover)']) {
      expect(screen.getByRole('checkbox', { name: way })).toBeChecked();
    }
    expect(screen.getByRole('radio', { name: 'No deposit' })).toBeChecked();
  });

  it('takes a fixed deposit off', async () => {
    const sent = await openToEdit('p3', 'Honda Hornet', { paymentMethods: ['cash', 'bkash'], deposit: { amount: 500 } });
    expect(screen.getByRole('checkbox', { name: 'Card (held until the handover)' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'A fixed amount' })).toBeChecked();
    expect(screen.getByLabelText('Deposit amount (৳)')).toHaveValue('500');
    await userEvent.click(screen.getByRole('radio', { name: 'No deposit' }));
    expect(screen.queryByLabelText('Deposit amount (৳)')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product Updated Successfully')).toBeInTheDocument();
    expect(sent()).toMatchObject({ paymentMethods: ['cash', 'bkash'], deposit: null });
  });
});
