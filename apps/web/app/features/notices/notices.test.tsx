import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PartnerLogos } from './partner-logos.tsx';
import {
  reportsTechnicalProblems,
  TECHNICAL_PROBLEMS_TEXT,
  TechnicalProblemsNotice,
} from './technical-problems-notice.tsx';

/** The notice in a page whose route loader answers `loaderData`, as root.tsx renders it. */
function renderInRoute(show: boolean, loaderData: unknown) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <>
          <TechnicalProblemsNotice show={show} />
          <p>Sidan</p>
        </>
      ),
      HydrateFallback: () => null,
      loader: () => loaderData,
    },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

describe('TechnicalProblemsNotice', () => {
  it('shows the fixed text when the catalogue is down, until closed', async () => {
    renderInRoute(true, {});
    expect((await screen.findByRole('status')).textContent).toContain(TECHNICAL_PROBLEMS_TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'Stäng meddelandet' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows when the page's product calls failed, as its loader reports", async () => {
    renderInRoute(false, { page: { blockData: { productsUnavailable: true } } });
    expect((await screen.findByRole('status')).textContent).toContain(TECHNICAL_PROBLEMS_TEXT);
  });

  it('shows nothing when all is well', async () => {
    renderInRoute(false, { page: { blockData: { products: {} } } });
    await screen.findByText('Sidan');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('reportsTechnicalProblems', () => {
  it('reads a top-level flag and the CMS block data of the start page and CMS pages', () => {
    expect(reportsTechnicalProblems({ technicalProblems: true })).toBe(true);
    expect(reportsTechnicalProblems({ blockData: { productsUnavailable: true } })).toBe(true);
    expect(reportsTechnicalProblems({ page: { blockData: { productsUnavailable: true } } })).toBe(
      true,
    );
    expect(reportsTechnicalProblems({ page: null, blockData: {} })).toBe(false);
    expect(reportsTechnicalProblems(undefined)).toBe(false);
    expect(reportsTechnicalProblems('x')).toBe(false);
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
