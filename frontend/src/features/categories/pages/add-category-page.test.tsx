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
import { inserted } from '@/test/fixtures.ts';

const picture = () => new File(['png'], 'sports.png', { type: 'image/png' });
const uploaded = { success: true, data: { display_url: '/uploads/sports.png' } };
const ADD = 'POST /api/categories/admin%40example.com';
const sports = { _id: 'c9', categoryName: 'Sports Bikes', categoryImage: '/uploads/sports.png' };
/** What the server answers: the id, and the event that puts the category on every page. */
const added = () => inserted('c9', { event: 'category.created', data: sports });

async function openForm(server: FakeServer = {}) {
  const fetchMock = fakeServer({ ...signedInAs('admin'), ...server });
  const view = renderApp('/dashboard/add-category');
  // The first visit loads the page's chunk.
  await screen.findByRole('button', { name: 'Add Now' }, { timeout: 5000 });
  return { fetchMock, ...view };
}

async function fillIn() {
  await userEvent.type(screen.getByLabelText('Category Name'), '  Sports Bikes ');
  await userEvent.upload(screen.getByLabelText('Image'), picture());
  await userEvent.click(screen.getByRole('button', { name: 'Add Now' }));
}

describe('Add Category', { timeout: 15_000 }, () => {
  it('asks for the name and the image with the product’s messages and sends nothing', async () => {
    const { fetchMock } = await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add Now' }));
    expect(await screen.findByText('Please provide the category name')).toBeInTheDocument();
    expect(screen.getByText('Please Provide an Image')).toBeInTheDocument();
    expect(screen.getByLabelText('Category Name')).toHaveAttribute('aria-invalid', 'true');
    expect(callsOf(fetchMock).filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('uploads the picture, then adds the category, says so, clears the form and shows it in the list', async () => {
    let sent: unknown;
    const { fetchMock, queryClient } = await openForm({
      'POST /api/uploads': [200, uploaded],
      [ADD]: (init) => {
        sent = JSON.parse(init.body as string);
        return [201, added()];
      },
    });
    const existing = { _id: 'c1', categoryName: 'Scooters', categoryImage: '/uploads/s.png' };
    queryClient.setQueryData(['categories'], [existing]);

    await fillIn();

    expect(await screen.findByText('Category Added Successfully')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call.startsWith('POST'))).toEqual(['POST /api/uploads', ADD]);
    expect(sent).toEqual({ categoryName: 'Sports Bikes', categoryImage: '/uploads/sports.png' });
    expect(screen.getByLabelText('Category Name')).toHaveValue('');
    expect(queryClient.getQueryData(['categories'])).toEqual([
      existing,
      { _id: 'c9', categoryName: 'Sports Bikes', categoryImage: '/uploads/sports.png' },
    ]);
  });

  it('adds the category once when its live event got there first', async () => {
    const { queryClient } = await openForm({
      'POST /api/uploads': [200, uploaded],
      [ADD]: [201, added()],
    });
    const live = { _id: 'c9', categoryName: 'Sports Bikes', categoryImage: '/uploads/sports.png' };
    queryClient.setQueryData(['categories'], [live]);
    await fillIn();
    await screen.findByText('Category Added Successfully');
    expect(queryClient.getQueryData(['categories'])).toEqual([live]);
  });

  it('shows Loading... while busy', async () => {
    await openForm({
      'POST /api/uploads': [200, uploaded],
      [ADD]: [201, added()],
    });
    const release = holdFetchesOf('/api/uploads');
    await fillIn();
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Add Now' })).toBeEnabled();
  });

  it('shows a failed upload as an error toast and adds nothing', async () => {
    const { fetchMock } = await openForm({
      'POST /api/uploads': [415, { error: 'unsupported_media_type', message: 'This file is not a picture.' }],
    });
    await fillIn();
    expect(await screen.findByText('This file is not a picture.')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Add Now' })).toBeEnabled();
    });
    expect(callsOf(fetchMock)).not.toContain(ADD);
    expect(screen.getByLabelText('Category Name')).toHaveValue('  Sports Bikes ');
  });
});
