import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useConfirm, type ConfirmRequest } from './confirm-dialog.tsx';

const deleteBike: ConfirmRequest = {
  title: 'Delete Yamaha R15 V4?',
  prompt: 'Are you sure, You want to delete?',
  confirmLabel: 'Delete',
  cancelLabel: 'Keep it',
  tone: 'danger',
};

function Asker({ request, onAnswer }: { request: ConfirmRequest; onAnswer: (confirmed: boolean) => void }) {
  const { confirm, dialog } = useConfirm();
  return (
    <>
      <button type="button" onClick={() => void confirm(request).then(onAnswer)}>
        Ask
      </button>
      {dialog}
    </>
  );
}

async function ask(request: ConfirmRequest = deleteBike) {
  const onAnswer = vi.fn();
  const view = render(<Asker request={request} onAnswer={onAnswer} />);
  const opener = screen.getByRole('button', { name: 'Ask' });
  await userEvent.click(opener);
  return { onAnswer, opener, dialog: screen.getByRole('alertdialog', { name: request.title }), ...view };
}

describe('the confirmation dialog', () => {
  it('is a modal alert dialog named by what is affected and described by the prompt', async () => {
    const { dialog } = await ask();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription('Are you sure, You want to delete?');
    expect(screen.getByRole('heading', { name: 'Delete Yamaha R15 V4?' })).toBeInTheDocument();
  });

  it('starts on the safe choice when the action destroys something', async () => {
    await ask();
    expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus();
  });

  it('starts on the confirm button otherwise, with Cancel as the way out', async () => {
    await ask({ title: 'Book Honda Dio 110?', prompt: 'Are you sure, You want to Book this product?', confirmLabel: 'Yes, book' });
    expect(screen.getByRole('button', { name: 'Yes, book' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('answers yes on confirm, closes and gives focus back to the button that asked', async () => {
    const { onAnswer, opener } = await ask();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onAnswer).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('answers no on the safe choice', async () => {
    const { onAnswer, opener } = await ask();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onAnswer).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('answers no on Escape, which nothing beneath the dialog hears', async () => {
    const beneath = vi.fn();
    document.addEventListener('keydown', beneath);
    const { onAnswer, opener } = await ask();
    await userEvent.keyboard('{Escape}');
    document.removeEventListener('keydown', beneath);
    expect(onAnswer).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(beneath).not.toHaveBeenCalled();
  });

  it('keeps Tab inside', async () => {
    await ask();
    const keep = screen.getByRole('button', { name: 'Keep it' });
    const remove = screen.getByRole('button', { name: 'Delete' });
    await userEvent.tab();
    expect(remove).toHaveFocus();
    await userEvent.tab();
    expect(keep).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(remove).toHaveFocus();
  });

  it('answers no when what asked leaves the page', async () => {
    const { onAnswer, unmount } = await ask();
    unmount();
    await vi.waitFor(() => {
      expect(onAnswer).toHaveBeenCalledWith(false);
    });
  });
});
