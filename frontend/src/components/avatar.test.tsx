import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initials } from './avatar.tsx';

describe('Avatar', () => {
  it('reads initials from the first and last word of a name', () => {
    expect(initials('Karim Uddin')).toBe('KU');
    expect(initials('  rahim  ')).toBe('R');
    expect(initials('Md. Abdur Rahim')).toBe('MR');
    expect(initials('')).toBe('');
  });

  it('shows the picture while it loads, and the initials once it fails', () => {
    const { container } = render(<Avatar image="https://example.com/gone.jpg" name="Karim Uddin" size={36} />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://example.com/gone.jpg');
    fireEvent.error(img as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('KU');
  });

  it('shows the initials when there is no picture at all', () => {
    const { container } = render(<Avatar image="" name="Sadia" size={56} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('S');
  });
});
