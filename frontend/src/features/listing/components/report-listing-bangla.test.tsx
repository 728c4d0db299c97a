// Report to Admin read in Bangla: the product's question, the reasons and what each
// covers, the note "Other" asks for, and the server's refusal of the reason in Bangla.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { aListing } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs, type FakeServer } from '@/test/render-app.tsx';

function openCategory(server: FakeServer = {}) {
  const sent: unknown[] = [];
  fakeServer({
    ...signedInAs('buyer'),
    'GET /api/products/c1': [200, [aListing()]],
    'PATCH /api/products/p1': (init) => {
      sent.push(JSON.parse(init.body as string));
      return [200, { acknowledged: true, modifiedCount: 1, deletedCount: 0, events: [] }];
    },
    ...server,
  });
  renderApp('/category/c1');
  return sent;
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'অ্যাডমিনকে জানান' }));
  return screen.findByRole('alertdialog', { name: 'Yamaha R15 অ্যাডমিনকে রিপোর্ট করবেন?' });
}

describe('Report to Admin, in Bangla', () => {
  beforeEach(() => {
    localStorage.setItem('language', 'bn');
  });

  it('asks why in Bangla, says what a reason covers, and asks what is wrong with অন্য কিছু', async () => {
    const sent = openCategory();
    const dialog = await openDialog();
    expect(dialog).toHaveAccessibleDescription('আপনি কি নিশ্চিত, অ্যাডমিনকে রিপোর্ট করতে চান?');
    const reasons = within(within(dialog).getByRole('group', { name: 'কেন রিপোর্ট করছেন?' }));
    expect(reasons.getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'প্রতারণা',
      'আগেই বিক্রি হয়ে গেছে',
      'ভুল তথ্য',
      'একই বাইক দুবার',
      'আপত্তিকর',
      'অন্য কিছু',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'রিপোর্ট করুন' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('কেন এই বাইকটা রিপোর্ট করছেন, তা বেছে নিন');

    await userEvent.click(reasons.getByRole('button', { name: 'প্রতারণা' }));
    expect(dialog).toHaveTextContent('দেখা হওয়ার আগেই টাকা চায়, বা বিক্রেতা যিনি বলছেন তিনি নন');
    await userEvent.click(reasons.getByRole('button', { name: 'অন্য কিছু' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'রিপোর্ট করুন' }));
    expect(await within(dialog).findByText('এই বাইকের সমস্যাটা কী, তা লিখুন')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('সমস্যাটা কী?'), 'ছবির বাইক আর আসল বাইক আলাদা');
    await userEvent.click(within(dialog).getByRole('button', { name: 'রিপোর্ট করুন' }));
    expect(await screen.findByText('অ্যাডমিনকে রিপোর্ট করা হয়েছে')).toBeInTheDocument();
    expect(sent).toEqual([{ report: 'reported', reason: 'other', note: 'ছবির বাইক আর আসল বাইক আলাদা' }]);
  });

  it('says the server’s refusal of the reason in Bangla', async () => {
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
    await userEvent.click(within(dialog).getByRole('button', { name: 'ভুল তথ্য' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'রিপোর্ট করুন' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('কেন এই বাইকটা রিপোর্ট করছেন, তা বেছে নিন');
    expect(within(dialog).queryByText('Please choose why you are reporting this bike')).not.toBeInTheDocument();
  });
});
