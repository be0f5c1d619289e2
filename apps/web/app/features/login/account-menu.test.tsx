import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccountMenu } from './account-menu.tsx';

function renderMenu(props: Parameters<typeof AccountMenu>[0]) {
  const Stub = createRoutesStub([
    {
      path: '/produkter',
      Component: () => (
        <>
          <h1>Produkter</h1>
          <AccountMenu {...props} />
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={['/produkter']} />);
}

describe('AccountMenu: the login button (storefront spec §6)', () => {
  it('offers login where the store has trade accounts', async () => {
    renderMenu({ user: null, loginOffered: true });
    expect((await screen.findByRole('link', { name: 'Logga in' })).getAttribute('href')).toBe(
      '/login?next=%2Fprodukter',
    );
  });

  it('shows no login button where the store has none', async () => {
    renderMenu({ user: null, loginOffered: false });
    await screen.findByRole('heading', { name: 'Produkter' });
    expect(screen.queryByRole('link', { name: 'Logga in' })).toBeNull();
  });

  it('always shows a logged-in user their name and logout', async () => {
    renderMenu({ user: { name: 'Anna Lindqvist' }, loginOffered: false });
    expect(await screen.findByRole('button', { name: 'Logga ut Anna Lindqvist' })).toBeTruthy();
  });
});
