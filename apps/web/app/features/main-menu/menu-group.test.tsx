import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MenuGroup } from './menu-group.tsx';
import type { MenuNode } from './menu-tree.ts';

function group(childCount: number): MenuNode {
  return {
    id: 'group',
    name: 'Isolering',
    href: '/produkter/isolering',
    children: Array.from({ length: childCount }, (_, index) => ({
      id: `child-${index + 1}`,
      name: `Produktgrupp ${index + 1}`,
      href: `/produkter/isolering/grupp-${index + 1}`,
      children: [],
    })),
  };
}

function renderGroup(node: MenuNode) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <MenuGroup group={node} onNavigate={() => {}} /> },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

describe('MenuGroup', () => {
  it("collapses a group of more than five children and offers 'Visa N till' with N = children − 4", () => {
    renderGroup(group(7));
    expect(screen.getByRole('button', { name: 'Visa 3 till' })).toBeTruthy();
    // Only the four rows inside the 96 px are reachable; the rest are inert (jsdom keeps
    // inert content in the role tree, so the attribute is checked instead).
    const links = screen.getAllByRole('link', { name: /Produktgrupp/ });
    expect(links.filter((link) => !link.closest('[inert]'))).toHaveLength(4);
    expect(links.filter((link) => link.closest('[inert]'))).toHaveLength(3);
  });

  it('shows every child of a group of five without a toggle', () => {
    renderGroup(group(5));
    expect(screen.queryByRole('button', { name: /Visa/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: /Produktgrupp/ })).toHaveLength(5);
  });

  it("reveals the hidden children and moves focus to the first of them on 'Visa N till'", async () => {
    const user = userEvent.setup();
    renderGroup(group(6));
    await user.click(screen.getByRole('button', { name: 'Visa 2 till' }));
    const links = screen.getAllByRole('link', { name: /Produktgrupp/ });
    expect(links.filter((link) => link.closest('[inert]'))).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Visa/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Produktgrupp 5' }));
  });

  it('links the group title to the group', () => {
    renderGroup(group(2));
    expect(screen.getByRole('link', { name: 'Isolering' }).getAttribute('href')).toBe(
      '/produkter/isolering',
    );
  });
});
