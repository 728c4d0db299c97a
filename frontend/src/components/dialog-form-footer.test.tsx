import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DialogFormFooter } from './dialog-form-footer.tsx';

function Footed({ failure = null, busy = false, onSubmit = vi.fn(), onCancel = vi.fn() }: {
  failure?: string | null;
  busy?: boolean;
  onSubmit?: () => void;
  onCancel?: () => void;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <DialogFormFooter
        failure={failure}
        cancelLabel="Not now"
        confirmLabel="Suggest"
        busyLabel="Sending…"
        tone="primary"
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}

describe('DialogFormFooter', () => {
  it('submits the form it is in, and cancels without submitting', async () => {
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    render(<Footed onSubmit={onSubmit} onCancel={onCancel} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Suggest' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('says the action is running and waits, with focus kept on the button', () => {
    render(<Footed busy />);
    expect(screen.queryByRole('button', { name: 'Suggest' })).not.toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Sending…' });
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    expect(confirm).not.toBeDisabled();
  });

  it('shows a refusal above the buttons', () => {
    render(<Footed failure="Reported already" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Reported already');
    expect(alert.compareDocumentPosition(screen.getByRole('button', { name: 'Not now' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
