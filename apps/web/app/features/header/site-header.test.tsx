import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, redirect } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ORGANISATIONS, type OrganisationId } from '@bygg/domain/organisations';
import type { Mode } from '@bygg/domain/vat-display';
import { OpenPanelProvider } from '~/components/layout/open-panel.tsx';
import { Toaster } from '~/components/ui/toaster.tsx';
import { SiteHeader } from './site-header.tsx';

const labels = {
  searchPlaceholder: 'Sök bland tusentals byggvaror',
  freeShipping: 'Fri frakt för order över 499:-*',
  clickAndCollect: 'Klicka och hämta i din butik',
};

function Header({
  mode = null,
  organisation = 'store-chain',
}: {
  mode?: Mode | null;
  organisation?: OrganisationId;
}) {
  return (
    <OpenPanelProvider>
      <SiteHeader
        organisation={{ id: organisation, name: ORGANISATIONS[organisation].name }}
        logoHref="/"
        labels={labels}
        mode={mode}
        menuButton={null}
        slimMenuButton={null}
        navigation={null}
      />
      <Toaster />
    </OpenPanelProvider>
  );
}

function renderHeader(options: {
  mode?: Mode | null;
  organisation?: OrganisationId;
  onModeForm?: (form: FormData) => void;
}) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => <Header mode={options.mode ?? null} organisation={options.organisation} />,
    },
    {
      path: '/resurser/kundlage',
      action: async ({ request }) => {
        options.onModeForm?.(await request.formData());
        return redirect('/foretag/');
      },
    },
    { path: '/foretag/', Component: () => <Header mode="B2B" /> },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

describe('SiteHeader', () => {
  it('advertises free home delivery only where a visitor can have it (ADR 030)', () => {
    const { unmount } = renderHeader({});
    expect(screen.queryByText('Fri frakt för order över 499:-*')).toBeNull();
    expect(screen.getByText('Klicka och hämta i din butik')).toBeTruthy();
    unmount();
    renderHeader({ organisation: 'building-supply' });
    expect(screen.getByText('Fri frakt för order över 499:-*')).toBeTruthy();
  });

  it('links the logo with the organisation name to the start page', () => {
    renderHeader({});
    expect(screen.getByRole('link', { name: /Timmerkedjan/ }).getAttribute('href')).toBe('/');
  });

  it("searches with a GET form to /sok whose field 'q' is named 'Sök'", () => {
    renderHeader({});
    const form = screen.getByRole('search', { name: 'Sök produkter' });
    expect(form.getAttribute('action')).toBe('/sok');
    expect(form.getAttribute('method')).toBe('get');
    const field = within(form).getByRole('combobox', { name: 'Sök' });
    expect(field.getAttribute('name')).toBe('q');
    expect(field.getAttribute('placeholder')).toBe('Sök bland tusentals byggvaror');
    expect(within(form).getByRole('button', { name: 'Sök' })).toBeTruthy();
  });

  it("posts the 'Företag' choice with a literal intent and the current path", async () => {
    const user = userEvent.setup();
    let posted: FormData | undefined;
    renderHeader({ mode: 'B2C', onModeForm: (form) => (posted = form) });
    const toggle = screen.getByRole('group', { name: 'Kundtyp' });
    expect(
      within(toggle).getByRole('button', { name: 'Privat' }).getAttribute('aria-pressed'),
    ).toBe('true');

    await user.click(within(toggle).getByRole('button', { name: 'Företag' }));

    expect(posted?.get('intent')).toBe('set-mode');
    expect(posted?.get('mode')).toBe('B2B');
    expect(posted?.get('redirectTo')).toBe('/');
    const after = await screen.findByRole('button', { name: 'Företag', pressed: true });
    expect(after).toBeTruthy();
  });

  it('offers no mode toggle where the organisation has no business pages', () => {
    renderHeader({ mode: null });
    expect(screen.queryByRole('group', { name: 'Kundtyp' })).toBeNull();
  });
});
