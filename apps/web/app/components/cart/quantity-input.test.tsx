import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuantityInput } from './quantity-input.tsx';

function Line({ initial, onChange }: { initial: number; onChange: (value: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <QuantityInput
      value={value}
      label="Regel"
      variant="line"
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

const field = () => screen.getByRole('textbox', { name: 'Antal, Regel' });

describe('QuantityInput (spec §5)', () => {
  it('reverts an emptied field to the previous value without a change', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Line initial={3} onChange={onChange} />);
    await user.clear(field());
    await user.tab();
    expect(field()).toHaveProperty('value', '3');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reverts a non-numeric value, and commits a typed number on Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Line initial={3} onChange={onChange} />);
    await user.clear(field());
    await user.type(field(), 'tio{Enter}');
    expect(field()).toHaveProperty('value', '3');
    await user.clear(field());
    await user.type(field(), '12{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(12);
  });

  it('does not send the half-typed value while typing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Line initial={1} onChange={onChange} />);
    await user.clear(field());
    await user.type(field(), '25');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    expect(onChange).toHaveBeenCalledExactlyOnceWith(25);
  });

  it('lets a cart line be set to 0 (which removes it), typed or stepped down', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Line initial={1} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Minska antal, Regel' }));
    expect(onChange).toHaveBeenLastCalledWith(0);
    // Spec §5: the decrement button is disabled at 0 or below.
    expect(screen.getByRole('button', { name: 'Minska antal, Regel' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('keeps a picker at 1 or more: − is disabled at 1 and a typed 0 reverts', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<QuantityInput value={1} label="Regel" variant="picker" onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Minska antal, Regel' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.clear(field());
    await user.type(field(), '0{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(field()).toHaveProperty('value', '1');
    await user.click(screen.getByRole('button', { name: 'Öka antal, Regel' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('waits while a request for the line is in flight', () => {
    render(<QuantityInput value={2} label="Regel" variant="line" busy onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Öka antal, Regel' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(field()).toHaveProperty('readOnly', true);
  });
});
