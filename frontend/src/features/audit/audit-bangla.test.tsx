// The Audit log read in Bangla: each action in words, the time in the page's words, the
// target's kind, the filter's every action and "Older", and the empty log.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { anAuditEntry } from '@/test/fixtures.ts';
import { fakeServer, renderApp, signedInAs } from '@/test/render-app.tsx';

describe('The audit log, in Bangla', () => {
  beforeEach(() => {
    localStorage.setItem('language', 'bn');
  });

  it('says every entry and the filter in Bangla, and pages on with আরও পুরনো', async () => {
    fakeServer({
      ...signedInAs('admin'),
      'GET /api/audit': [200, { entries: [anAuditEntry({ reason: 'বিক্রেতাকে ফোন করেছি' })], next: '9' }],
      'GET /api/audit?before=9': [
        200,
        { entries: [anAuditEntry({ _id: '8', action: 'user.warned', targetKind: 'user', targetLabel: 'Karim <k@example.com>' })] },
      ],
    });
    renderApp('/dashboard/audit');
    expect(await screen.findByRole('heading', { name: 'অডিট লগ', level: 2 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'ড্যাশবোর্ড' });
    expect(within(nav).getByRole('link', { name: 'অডিট লগ' })).toHaveAttribute('href', '/dashboard/audit');
    const entry = await screen.findByRole('article', { name: 'রিপোর্ট খারিজ করেছেন' });
    expect(entry).toHaveTextContent('শুক্রবার, ২৭ নভেম্বর ২০২৬, সকাল ১০:৩০');
    expect(within(entry).getAllByRole('term').map((term) => term.textContent)).toEqual(['কে', 'কার ক্ষেত্রে', 'কেন']);
    expect(within(entry).getByRole('link', { name: 'বিজ্ঞাপন: Yamaha R15' })).toBeInTheDocument();

    const filter = screen.getByRole('combobox', { name: 'দেখান' });
    const options = within(filter).getAllByRole('option').map((option) => option.textContent);
    expect(options).toHaveLength(12);
    expect(options.slice(0, 3)).toEqual(['সব কাজ', 'বিক্রেতাকে যাচাই করেছেন', 'যাচাইয়ের অনুরোধ ফিরিয়ে দিয়েছেন']);
    expect(options.at(-1)).toBe('আটকে থাকা পেমেন্ট নিয়েছেন');

    await userEvent.click(screen.getByRole('button', { name: 'আরও পুরনো' }));
    const warned = await screen.findByRole('article', { name: 'কাউকে সতর্ক করেছেন' });
    expect(warned).toHaveTextContent('অ্যাকাউন্ট: Karim <k@example.com>');
    expect(screen.getByText('হিসাবে যা আছে, সবই দেখানো হয়েছে।')).toBeInTheDocument();
  });

  it('says so in Bangla when nothing is on record', async () => {
    fakeServer({ ...signedInAs('admin'), 'GET /api/audit': [200, { entries: [] }] });
    renderApp('/dashboard/audit');
    expect(await screen.findByText('এখনো অ্যাডমিনদের কোনো কাজের হিসাব নেই')).toBeInTheDocument();
  });
});
