import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenPanelProvider, usePanel } from '~/components/layout/open-panel.tsx';
import {
  DELIVERY_DELAY_CLOSED_KEY,
  DELIVERY_DELAY_TITLE,
  DeliveryDelayNotice,
} from './delivery-delay-notice.tsx';

function OpenCart() {
  const panel = usePanel('mini-cart');
  return (
    <button type="button" onClick={() => panel.setOpen(true)}>
      Öppna varukorgen
    </button>
  );
}

function renderNotice(enabled: boolean) {
  return render(
    <OpenPanelProvider>
      <OpenCart />
      <DeliveryDelayNotice enabled={enabled} />
    </OpenPanelProvider>,
  );
}

afterEach(() => sessionStorage.clear());

describe('DeliveryDelayNotice (spec §2, §4)', () => {
  it('shows only while the flag is on', () => {
    const { unmount } = renderNotice(false);
    expect(screen.queryByText(DELIVERY_DELAY_TITLE)).toBeNull();
    unmount();
    renderNotice(true);
    expect(screen.getByText(DELIVERY_DELAY_TITLE)).toBeTruthy();
  });

  it('hides while the mini cart is open', async () => {
    const user = userEvent.setup();
    renderNotice(true);
    await user.click(screen.getByRole('button', { name: 'Öppna varukorgen' }));
    expect(screen.queryByText(DELIVERY_DELAY_TITLE)).toBeNull();
  });

  it('stays closed for the rest of the session once closed', async () => {
    const user = userEvent.setup();
    const { unmount } = renderNotice(true);
    await user.click(screen.getByRole('button', { name: 'Stäng leveransinformationen' }));
    expect(screen.queryByText(DELIVERY_DELAY_TITLE)).toBeNull();
    expect(sessionStorage.getItem(DELIVERY_DELAY_CLOSED_KEY)).toBe('1');
    unmount();
    act(() => {
      renderNotice(true);
    });
    expect(screen.queryByText(DELIVERY_DELAY_TITLE)).toBeNull();
  });
});
