import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PrivacyPage } from './privacy-page.tsx';
import { UserForm } from './user-form.tsx';

function renderForm(role: 'admin' | 'user') {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <UserForm
          user={{
            username: 'olle@firma.example',
            name: 'Olle',
            phone: null,
            role,
            rights: { projects: true, offers: false, orders: false, invoices: false },
            region_id: 4,
            is_active: true,
          }}
          result={undefined}
          submitLabel="Spara"
          pendingLabel="Sparar …"
        />
      ),
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

describe('the user form', () => {
  it('marks the required fields and shows an error only after the field is touched', async () => {
    renderForm('user');
    const name = await screen.findByLabelText(/^Namn/);
    expect(screen.getByText('Namn').textContent).toBe('Namn *');
    fireEvent.change(name, { target: { value: '' } });
    expect(screen.queryByText('Ange namn')).toBeNull();
    fireEvent.blur(name);
    expect(screen.getByText('Ange namn')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Region') as HTMLSelectElement).value).toBe('4');
  });

  it("shows an ordinary user's rights, and every right (locked) once the role is administrator", async () => {
    renderForm('user');
    const invoices = (await screen.findByRole('checkbox', {
      name: 'Fakturor',
    })) as HTMLInputElement;
    expect(invoices.checked).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: /^Administratör/ }));
    const locked = screen.getByRole('checkbox', { name: 'Fakturor' }) as HTMLInputElement;
    expect(locked.checked).toBe(true);
    expect(locked.closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByText('En administratör har alla rättigheter.')).toBeTruthy();
  });
});

describe('the privacy policy', () => {
  it('shows its own Swedish text when the CMS has no page', () => {
    render(<PrivacyPage page={null} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Integritetspolicy' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Dina rättigheter' })).toBeTruthy();
    expect(screen.getByText(/Integritetsskyddsmyndigheten/)).toBeTruthy();
  });
});
