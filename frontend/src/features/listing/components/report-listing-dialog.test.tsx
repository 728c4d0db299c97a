// Report to Admin asks why (docs/trust.md, "Reports with reasons"), under the product's
// own question: a reason to tap, a note that "Other" asks for, and the server's refusals
// kept in the dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aListing } from '@/test/fixtures.ts';
import { callsOf, fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

const REPORTED = [200, { acknowledged: true, modifiedCount: 1, deletedCount: 0, events: [] }] as const;

/** A buyer on the category page with the Yamaha on it; the reports sent are kept in `sent`. */
function openCategory(server: FakeServer = {}) {
  const sent: unknown[] = [];
  const fetchMock = fakeServer({
    ...signedInAs('buyer'),
    'GET /api/products/c1': [200, [aListing()]],
    'PATCH /api/products/p1': (init) => {
      sent.push(JSON.parse(init.body as string));
      return [...REPORTED];
    },
    ...server,
  });
  renderApp('/category/c1');
  return { sent, fetchMock };
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Report to Admin' }));
  return screen.findByRole('alertdialog', { name: 'Report Yamaha R15 to the admin?' });
}

describe('Report to Admin', () => {
  it('asks the product’s question and why, offering every reason in words', async () => {
    openCategory();
    const dialog = await openDialog();
    expect(dialog).toHaveAccessibleDescription('Are you sure, You want to report to admin?');
    const reasons = within(within(dialog).getByRole('group', { name: 'Why are you reporting it?' }));
    expect(reasons.getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'Scam',
      'Already sold',
      'Wrong details',
      'Duplicate',
      'Offensive',
      'Other',
    ]);
    // The first reason has the focus, none picked yet.
    expect(reasons.getByRole('button', { name: 'Scam' })).toHaveFocus();
    expect(reasons.getByRole('button', { name: 'Scam' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(dialog).getByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('sends nothing until a reason is chosen, and says what the picked one covers', async () => {
    const { sent } = openCategory();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please choose why you are reporting this bike');
    expect(within(dialog).getByRole('button', { name: 'Scam' })).toHaveFocus();
    expect(sent).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Scam' }));
    expect(within(dialog).getByRole('button', { name: 'Scam' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Asks for money before you meet, or the seller is not who they say');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Already sold' }));
    expect(within(dialog).getByRole('button', { name: 'Scam' })).toHaveAttribute('aria-pressed', 'false');
    expect(dialog).toHaveTextContent('The bike is sold elsewhere already');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Successfully Reported to Admin')).toBeInTheDocument();
    // No note: none is sent.
    expect(sent).toEqual([{ report: 'reported', reason: 'sold' }]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks what is wrong when the reason is Other, and sends the note with it', async () => {
    const { sent } = openCategory();
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText('Anything to add? (optional)')).not.toBeRequired();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Other' }));
    const note = within(dialog).getByLabelText('What is wrong?');
    expect(note).toHaveAttribute('aria-required', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByText('Please say what is wrong with this bike')).toBeInTheDocument();
    expect(note).toHaveFocus();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription('Please say what is wrong with this bike');
    expect(sent).toEqual([]);

    await userEvent.type(note, '  The same bike is on another site for half the price.  ');
    expect(note).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Successfully Reported to Admin')).toBeInTheDocument();
    expect(sent).toEqual([
      { report: 'reported', reason: 'other', note: 'The same bike is on another site for half the price.' },
    ]);
  });

  it('keeps a note to 500 characters', async () => {
    openCategory();
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText('Anything to add? (optional)')).toHaveAttribute('maxLength', '500');
  });

  it('shows the server’s refusal of the reason under the reasons, in its words', async () => {
    openCategory({
      'PATCH /api/products/p1': [
        422,
        {
          error: 'validation',
          message: 'Please choose why you are reporting this bike',
          fields: { reason: 'Please choose why you are reporting this bike' },
          codes: { reason: 'not_on_list' },
        },
      ],
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please choose why you are reporting this bike');
    expect(within(dialog).getByRole('button', { name: 'Scam' })).toHaveFocus();
    expect(screen.queryByText('Successfully Reported to Admin')).not.toBeInTheDocument();
  });

  it('keeps another refusal above the buttons, and the dialog open', async () => {
    openCategory({
      'PATCH /api/products/p1': [404, { error: 'not_found', reason: 'no_listing', message: 'This bike is no longer listed.' }],
    });
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Offensive' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This bike is no longer listed.');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('changes nothing on Cancel, and gives the focus back to Report to Admin', async () => {
    const { fetchMock } = openCategory();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Scam' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('PATCH /api/products/p1');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Report to Admin' })).toHaveFocus();
    });
  });
});
