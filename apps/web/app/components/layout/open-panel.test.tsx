import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OpenPanelProvider, usePanel } from './open-panel.tsx';
import type { Panel } from './open-panel.tsx';

function Toggle({ panel }: { panel: Panel }) {
  const { isOpen, setOpen } = usePanel(panel);
  return (
    <button type="button" aria-pressed={isOpen} onClick={() => setOpen(!isOpen)}>
      {panel}
    </button>
  );
}

function renderPanels() {
  render(
    <OpenPanelProvider>
      <Toggle panel="main-menu" />
      <Toggle panel="search" />
      <Toggle panel="mini-cart" />
    </OpenPanelProvider>,
  );
  const pressed = (name: string) =>
    screen.getByRole('button', { name }).getAttribute('aria-pressed') === 'true';
  return { pressed };
}

describe('open panel', () => {
  it('closes search when the main menu opens, and the main menu when search opens', async () => {
    const user = userEvent.setup();
    const { pressed } = renderPanels();
    await user.click(screen.getByRole('button', { name: 'search' }));
    await user.click(screen.getByRole('button', { name: 'main-menu' }));
    expect(pressed('main-menu')).toBe(true);
    expect(pressed('search')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'search' }));
    expect(pressed('search')).toBe(true);
    expect(pressed('main-menu')).toBe(false);
  });

  it('closes search when the mini cart opens', async () => {
    const user = userEvent.setup();
    const { pressed } = renderPanels();
    await user.click(screen.getByRole('button', { name: 'search' }));
    await user.click(screen.getByRole('button', { name: 'mini-cart' }));
    expect(pressed('search')).toBe(false);
    expect(pressed('mini-cart')).toBe(true);
  });

  it('leaves another open panel alone when a closed one is told to close', async () => {
    const user = userEvent.setup();
    const { pressed } = renderPanels();
    await user.click(screen.getByRole('button', { name: 'mini-cart' }));
    await user.click(screen.getByRole('button', { name: 'mini-cart' }));
    expect(pressed('mini-cart')).toBe(false);
  });
});
