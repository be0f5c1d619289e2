import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, Form, Link, Outlet, redirect } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FocusAfterNavigation } from './focus-after-navigation.tsx';

function Frame() {
  return (
    <>
      <nav>
        <Link to="/annan">Annan sida</Link>
      </nav>
      <FocusAfterNavigation mainId="innehall" />
      <main id="innehall">
        <Outlet />
      </main>
    </>
  );
}

function renderPages() {
  const Stub = createRoutesStub([
    {
      Component: Frame,
      children: [
        {
          path: '/kassa',
          action: () => redirect('/kvitto/visa/1'),
          Component: () => (
            <Form method="post">
              <h1>Kassa</h1>
              <button type="submit">Skicka beställning</button>
            </Form>
          ),
        },
        { path: '/kvitto/visa/1', Component: () => <h1>Tack för din beställning!</h1> },
        { path: '/annan', Component: () => <h1>Annan</h1> },
      ],
    },
  ]);
  return render(<Stub initialEntries={['/kassa']} />);
}

describe('FocusAfterNavigation', () => {
  it('puts the focus on the new page’s heading when the control that had it is gone', async () => {
    const user = userEvent.setup();
    renderPages();
    await user.click(screen.getByRole('button', { name: 'Skicka beställning' }));
    const heading = await screen.findByRole('heading', { name: 'Tack för din beställning!' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('leaves the focus on a control the new page still has', async () => {
    const user = userEvent.setup();
    renderPages();
    const link = screen.getByRole('link', { name: 'Annan sida' });
    await user.click(link);
    await screen.findByRole('heading', { name: 'Annan' });
    expect(document.activeElement).toBe(link);
  });

  it('does not move the focus on the first page', () => {
    renderPages();
    expect(document.activeElement).toBe(document.body);
  });
});
