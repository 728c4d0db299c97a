// Answering the page's confirmation dialog as a person does: after reading what it asks.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** Waits for the dialog titled `title`, checks that it asks `prompt`, and presses `button`. */
export async function answerConfirm(title: string, prompt: string, button: string): Promise<void> {
  const dialog = await screen.findByRole('alertdialog', { name: title });
  expect(dialog).toHaveAccessibleDescription(prompt);
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
}
