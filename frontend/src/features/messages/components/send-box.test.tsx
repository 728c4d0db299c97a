import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/render-app.tsx';
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

describe('a photo from the send box', () => {
  const photo = new File(['jpeg'], 'bike.jpg', { type: 'image/jpeg' });

  it('uploads when picked, shows it until sent, and sends its address before the words', async () => {
    fakeServer({ 'POST /api/uploads': [201, { success: true, data: { display_url: '/uploads/bike.jpg' } }] });
    const onSend = vi.fn();
    const onSendPhoto = vi.fn();
    render(<SendBox onSend={onSend} onSendPhoto={onSendPhoto} />);
    const send = screen.getByRole('button', { name: 'Send' });
    await userEvent.upload(screen.getByLabelText('Attach a photo'), photo);
    expect(await screen.findByText('Ready to send')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo to send' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'The left side');
    await userEvent.click(send);
    expect(onSendPhoto).toHaveBeenCalledWith('/uploads/bike.jpg');
    expect(onSend).toHaveBeenCalledWith('The left side');
    expect(onSendPhoto.mock.invocationCallOrder[0]).toBeLessThan(onSend.mock.invocationCallOrder[0] ?? 0);
    expect(screen.queryByRole('img', { name: 'Photo to send' })).not.toBeInTheDocument();
  });

  it('is removed before sending, and a refused upload is not sent', async () => {
    fakeServer({ 'POST /api/uploads': [413, { error: 'payload_too_large', message: 'This photo is too large.' }] });
    const onSendPhoto = vi.fn();
    render(<SendBox onSend={vi.fn()} onSendPhoto={onSendPhoto} />);
    await userEvent.upload(screen.getByLabelText('Attach a photo'), photo);
    expect(await screen.findByText('Not uploaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove the photo' }));
    expect(screen.queryByText('Not uploaded')).not.toBeInTheDocument();
    expect(onSendPhoto).not.toHaveBeenCalled();
  });

  it('is not offered where only words are sent', () => {
    render(<SendBox onSend={vi.fn()} />);
    expect(screen.queryByLabelText('Attach a photo')).not.toBeInTheDocument();
  });
});
