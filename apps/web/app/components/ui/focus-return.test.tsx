import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Drawer } from './drawer.tsx';
import { Modal } from './modal.tsx';

/** A page with an opener, a fallback target and a dialog (Modal or Drawer) holding a field. */
function Harness({
  kind,
  openAtStart = false,
}: {
  kind: 'modal' | 'drawer';
  openAtStart?: boolean;
}) {
  const [open, setOpen] = useState(openAtStart);
  const field = useRef<HTMLInputElement>(null);
  const fallback = useRef<HTMLAnchorElement>(null);
  const body = (
    <label>
      Sök butik
      <input ref={field} />
    </label>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Välj butik
      </button>
      <a ref={fallback} href="#huvud">
        Till innehållet
      </a>
      {kind === 'modal' ? (
        <Modal
          open={open}
          onOpenChange={setOpen}
          title="Butiker"
          initialFocus={field}
          finalFocus={fallback}
        >
          {body}
        </Modal>
      ) : (
        <Drawer
          open={open}
          onOpenChange={setOpen}
          title="Butiker"
          side="right"
          initialFocus={field}
          finalFocus={fallback}
        >
          {body}
        </Drawer>
      )}
    </>
  );
}

describe.each(['modal', 'drawer'] as const)('%s focus', (kind) => {
  it('starts on the given control and returns to the opener on Escape', async () => {
    render(<Harness kind={kind} />);
    const opener = screen.getByRole('button', { name: 'Välj butik' });
    opener.focus();
    fireEvent.click(opener);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Sök butik')));
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Butiker' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('goes to the fallback when it opened by itself (no control had focus)', async () => {
    render(<Harness kind={kind} openAtStart />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Sök butik')));
    fireEvent.click(screen.getByRole('button', { name: 'Stäng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Till innehållet' }));
  });
});
