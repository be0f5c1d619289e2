import { useState } from 'react';
import { PICKLIST_MAX_QUANTITY } from '@bygg/contracts/constants';

type QuantityStepperProps = {
  value: number;
  /** The product, for the controls' accessible names. */
  label: string;
  disabled: boolean;
  onChange: (quantity: number) => void;
};

/**
 * The quantity field of storefront spec §5: numeric, minimum 1; an empty value reverts to
 * the previous one; the decrement button is disabled at 0 or below; 0 removes the item. A
 * typed value is sent on Enter or when leaving the field, not on every key.
 */
export function QuantityStepper({ value, label, disabled, onChange }: QuantityStepperProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    const trimmed = draft.trim();
    if (trimmed === '' || !/^\d+$/.test(trimmed)) return; // reverts to `value`
    const quantity = Math.min(Number(trimmed), PICKLIST_MAX_QUANTITY);
    if (quantity !== value) onChange(quantity);
  };
  return (
    <div className="quantity-stepper" role="group" aria-label={`Antal, ${label}`}>
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label={value <= 1 ? `Ta bort ${label}` : `Minska antal, ${label}`}
        disabled={disabled || value <= 0}
        onClick={() => onChange(value - 1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <input
        className="quantity-stepper__input"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        aria-label={`Antal, ${label}`}
        value={draft ?? String(value)}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape' && draft !== null) {
            event.stopPropagation(); // reverts the field instead of closing the drawer
            setDraft(null);
          }
        }}
      />
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label={`Öka antal, ${label}`}
        disabled={disabled || value >= PICKLIST_MAX_QUANTITY}
        onClick={() => onChange(value + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
