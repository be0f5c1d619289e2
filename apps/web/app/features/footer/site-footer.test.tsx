import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Footer } from '@bygg/contracts/cms';
import { SiteFooter } from './site-footer.tsx';

const footer: Footer = {
  columns: [
    {
      title: 'Kundservice',
      links: [
        {
          label: 'Leveranser',
          href: '/kundservice/leveranser',
          node: 'cms://node@41/navigation/label.txt',
        },
        { label: 'Returer', href: '/kundservice/returer' },
      ],
    },
    { title: 'Handla', links: [{ label: 'Sortiment', href: '/produkter' }] },
  ],
  contact: 'Kundservice 010-123 45 00. kundservice@timmerkedjan.example',
  legal: '© Timmerkedjan AB. Alla priser inklusive moms.',
};

function renderFooter(content: Footer | null) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => <SiteFooter footer={content} organisationName="Timmerkedjan" />,
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

describe('SiteFooter', () => {
  it('lists the CMS link columns under their headings, with contact and legal line', () => {
    renderFooter(footer);
    const info = screen.getByRole('contentinfo');
    const service = within(info).getByRole('heading', { name: 'Kundservice' }).parentElement!;
    expect(
      within(service)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/kundservice/leveranser', '/kundservice/returer']);
    expect(within(info).getByRole('heading', { name: 'Kontakt' })).toBeTruthy();
    expect(within(info).getByText(/Alla priser inklusive moms/)).toBeTruthy();
  });

  it("carries a CMS label's node for the editor overlay (data-djedi-node)", () => {
    renderFooter(footer);
    expect(screen.getByRole('link', { name: 'Leveranser' }).getAttribute('data-djedi-node')).toBe(
      'cms://node@41/navigation/label.txt',
    );
    expect(screen.getByRole('link', { name: 'Returer' }).hasAttribute('data-djedi-node')).toBe(
      false,
    );
  });

  it('names its heading, contact text and legal line for the editor (issue 22)', () => {
    renderFooter({
      ...footer,
      columns: footer.columns.map((c, i) => ({ ...c, node: `cms://node@${50 + i}/title.txt` })),
      contact_node: 'cms://node@60/description.txt',
      legal_node: 'cms://node@61/description.txt',
    });
    const heading = screen.getByRole('heading', { name: 'Kundservice' });
    expect(heading.getAttribute('data-djedi-node')).toBe('cms://node@50/title.txt');
    expect(heading.getAttribute('data-djedi-name')).toBe('Sidfot: rubrik ”Kundservice”');
    const legal = screen.getByText(/Alla priser inklusive moms/);
    expect(legal.getAttribute('data-djedi-name')).toBe('Sidfot: juridisk rad');
    const contact = document.querySelector('[data-djedi-name="Sidfot: kontakt"]');
    expect(contact?.getAttribute('data-djedi-node')).toBe('cms://node@60/description.txt');
    expect(contact?.textContent).toContain('010-123 45 00');
  });

  it('turns the e-mail address in the contact text into a mail link', () => {
    renderFooter(footer);
    expect(
      screen.getByRole('link', { name: 'kundservice@timmerkedjan.example' }).getAttribute('href'),
    ).toBe('mailto:kundservice@timmerkedjan.example');
  });

  it('still renders the footer landmark when the CMS footer could not be loaded', () => {
    renderFooter(null);
    expect(within(screen.getByRole('contentinfo')).getByText('Timmerkedjan')).toBeTruthy();
  });
});
