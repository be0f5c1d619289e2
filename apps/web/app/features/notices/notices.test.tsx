import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PartnerLogos } from './partner-logos.tsx';
import { TECHNICAL_PROBLEMS_TEXT, TechnicalProblemsNotice } from './technical-problems-notice.tsx';

describe('TechnicalProblemsNotice', () => {
  it('shows the fixed text when the API reports trouble, until closed', () => {
    render(<TechnicalProblemsNotice show />);
    expect(screen.getByRole('status').textContent).toContain(TECHNICAL_PROBLEMS_TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'Stäng meddelandet' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows nothing when all is well', () => {
    const { container } = render(<TechnicalProblemsNotice show={false} />);
    expect(container.textContent).toBe('');
  });
});

describe('PartnerLogos', () => {
  it('shows each extra logo only when its flag is on', () => {
    const { rerender, container } = render(<PartnerLogos sportsSponsor charity={false} />);
    expect(screen.getByText('Huvudsponsor')).toBeTruthy();
    expect(screen.queryByText('Stolt partner')).toBeNull();
    rerender(<PartnerLogos sportsSponsor={false} charity={false} />);
    expect(container.textContent).toBe('');
  });
});
