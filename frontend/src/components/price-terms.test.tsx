import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PriceTerms } from './price-terms.tsx';

describe('whether a price is negotiable', () => {
  it('says Negotiable or Fixed price, and nothing when the listing does not say', () => {
    const { rerender } = render(<PriceTerms negotiable />);
    expect(screen.getByTestId('price-terms')).toHaveTextContent('Negotiable');
    rerender(<PriceTerms negotiable={false} />);
    expect(screen.getByTestId('price-terms')).toHaveTextContent('Fixed price');
    rerender(<PriceTerms negotiable={undefined} />);
    expect(screen.queryByTestId('price-terms')).toBeNull();
  });
});
