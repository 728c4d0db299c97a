import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  callsOf,
  fakeServer,
  holdFetchesOf,
  renderApp,
  signedInAs,
  type FakeServer,
} from '@/test/render-app.tsx';

const categories = [
  { _id: 'c1', categoryName: 'Sports Bikes', categoryImage: '/uploads/s.png' },
  { _id: 'c2', categoryName: 'Scooters', categoryImage: '/uploads/c.png' },
];
const uploaded = { success: true, data: { display_url: '/uploads/r15.jpg' } };

async function openForm(server: FakeServer = {}) {
  const fetchMock = fakeServer({ ...signedInAs('seller'), 'GET /api/categories': [200, categories], ...server });
  const view = renderApp('/dashboard/add-product');
  // The first visit loads the page's chunk.
  await screen.findByRole('option', { name: 'Scooters' }, { timeout: 5000 });
  return { fetchMock, ...view };
}

/** Pastes rather than types: one change per field keeps these long forms quick to test. */
async function fill(label: string, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

async function fillIn() {
  await userEvent.selectOptions(screen.getByLabelText('Category'), 'Sports Bikes');
  await fill('Product Name', 'Yamaha R15 V3');
  await userEvent.upload(screen.getByLabelText('Product Image'), new File(['jpg'], 'r15.jpg', { type: 'image/jpeg' }));
  await fill('Resale Price (৳)', '1800');
  await fill('Original Price (৳)', '2500');
  await fill('Purchase Year', '2021');
  await fill('Years of Use', '3');
  await userEvent.selectOptions(screen.getByLabelText('Condition'), 'Good');
  await fill('Location', 'Mirpur, Dhaka ');
  await fill('Color', 'Racing Blue');
  await fill('Seller Contact Number', '01711111111');
  await fill('Description', 'Serviced last month.');
  await userEvent.click(screen.getByRole('button', { name: 'Add product' }));
}

describe('Add product', { timeout: 15_000 }, () => {
  it('asks for every field with the product’s messages and sends nothing', async () => {
    const { fetchMock } = await openForm();
    expect(screen.getByRole('option', { name: 'Please Select a Category' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));

    expect(await screen.findByText('Please Select a Category', { selector: '[role=alert]' })).toBeInTheDocument();
    // product name, image, resale price, original price, purchase year, years of use,
    // condition, location, color and seller phone
    expect(screen.getAllByText('required')).toHaveLength(10);
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Resale Price (৳)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(callsOf(fetchMock).filter((call) => !call.startsWith('GET'))).toEqual([]);
  });

  it('brings up a number pad for prices and years', async () => {
    await openForm();
    for (const label of ['Resale Price (৳)', 'Original Price (৳)', 'Purchase Year', 'Years of Use']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('inputmode', 'numeric');
    }
  });

  it('uploads the picture, then lists the bike, says so and goes to the seller’s products', async () => {
    let sent: unknown;
    const { fetchMock, router } = await openForm({
      'POST /api/uploads': [200, uploaded],
      'PUT /api/products': (init) => {
        sent = JSON.parse(init.body as string);
        return [201, { acknowledged: true, insertedId: 'p9' }];
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
      resalePrice: '1800',
      originalPrice: '2500',
      purchaseYear: '2021',
      yearsOfUse: '3',
      condition: 'Good',
      location: 'Mirpur, Dhaka',
      color: 'Racing Blue',
      sellerPhone: '01711111111',
      description: 'Serviced last month.',
    });
  });

  it('shows Loading.... while busy', async () => {
    await openForm({
      'POST /api/uploads': [200, uploaded],
      'PUT /api/products': [201, { acknowledged: true, insertedId: 'p9' }],
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
          fields: { purchaseYear: 'Purchase year must be a year between 1950 and 2026', sellerPhone: 'Please enter a valid phone number' },
        },
      ],
    });
    await fillIn();

    expect(await screen.findByText('Purchase year must be a year between 1950 and 2026')).toBeInTheDocument();
    expect(screen.getByLabelText('Purchase Year')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Purchase Year')).toHaveAccessibleDescription(
      'Purchase year must be a year between 1950 and 2026',
    );
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
});
