import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { canDecrement, MIN_QUANTITY, parseQuantityInput } from '@bygg/domain/quantity';
import './cart.css';

type QuantityInputProps = {
  /** The quantity in effect (the cart line's, or the chosen amount before adding). */
  value: number;
  /** A new quantity was chosen: by a step button, or typed and confirmed (blur or Enter). */
  onChange: (quantity: number) => void;
  /** Names the field for screen readers: 'Antal' plus the product, e.g. 'Antal, Regel 45x95'. */
  label: string;
  /**
   * 'line' (a cart line): the − button can step down to 0, and 0 removes the line (spec §5).
   * 'picker' (before adding): nothing below 1 can be chosen.
   */
  variant: 'line' | 'picker';
  /** A request for this line is in flight: the controls wait (spec §4 loading flags). */
  busy?: boolean;
  disabled?: boolean;
};

/**
 * The quantity field with − and + (storefront spec §5 "Quantity input"): numeric, minimum 1;
 * an empty or non-numeric value reverts to the previous one; the decrement button is disabled
 * at 0 or below; on a cart line, a 0 removes the item. What is typed is only a draft until
 * it is confirmed, so a half-typed '1' of '12' never reaches the cart.
 */
export function QuantityInput({
  value,
  onChange,
  label,
  variant,
  busy = false,
  disabled = false,
}: QuantityInputProps) {
  const id = useId();
  // The typed text while the field is being edited; null shows the quantity in effect.
  const [draft, setDraft] = useState<string | null>(null);
  const floor = variant === 'line' ? 0 : MIN_QUANTITY;
  const inactive = disabled || busy;

  const commit = (text: string) => {
    setDraft(null);
    const next = parseQuantityInput(text, value);
    // A picker has no line to remove: a typed 0 reverts like an empty field.
    if (next === value || next < floor) return;
    onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(event.currentTarget.value);
    } else if (event.key === 'Escape' && draft !== null) {
      // Escape inside a drawer would close it; here it first throws the draft away.
      event.stopPropagation();
      setDraft(null);
    }
  };

  return (
    <div className="quantity-input" aria-busy={busy || undefined}>
      <button
        type="button"
        className="quantity-input__step"
        aria-label={`Minska antal, ${label}`}
        aria-controls={id}
        disabled={inactive || !canDecrement(value) || value - 1 < floor}
        onClick={() => onChange(value - 1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        id={id}
        className="quantity-input__field"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        aria-label={`Antal, ${label}`}
        value={draft ?? String(value)}
        disabled={disabled}
        readOnly={busy}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={(event) => {
          if (draft !== null) commit(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="quantity-input__step"
        aria-label={`Öka antal, ${label}`}
        aria-controls={id}
        disabled={inactive}
        onClick={() => onChange(value + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
