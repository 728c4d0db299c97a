import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SendBox } from './send-box.tsx';

describe('the send box', () => {
  it('sends on Enter, starts a new line on Shift+Enter, and sends nothing blank', async () => {
    const onSend = vi.fn();
    render(<SendBox onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(box, 'Is the tax token{Shift>}{Enter}{/Shift}up to date?{Enter}');
    expect(onSend).toHaveBeenCalledWith('Is the tax token\nup to date?');
    expect(box).toHaveValue('');
  });

  it('counts the characters near the 2,000 limit', () => {
    render(<SendBox onSend={vi.fn()} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'a'.repeat(1799) } });
    expect(screen.queryByText(/\/ 2,000/)).not.toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'a'.repeat(1950) } });
    expect(screen.getByText('1,950 / 2,000')).toBeInTheDocument();
  });
});
