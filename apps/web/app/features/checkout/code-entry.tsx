import type { KeyboardEvent, ReactNode } from 'react';

/**
 * The fields and buttons for a code (discount code, gift card) inside the checkout form. Its
 * buttons are plain buttons, and Enter in its fields runs `onEnter` instead of ordering.
 */
export function CodeEntryForm({
  onEnter,
  children,
  actions,
}: {
  onEnter: () => void;
  /** The fields. */
  children: ReactNode;
  actions: ReactNode;
}) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onEnter();
    }
  };
  return (
    <div className="giftcard-form" onKeyDown={onKeyDown}>
      {children}
      <div className="giftcard-form__actions">{actions}</div>
    </div>
  );
}

/** A secondary button that is disabled and busy while its request is pending. */
export function PendingButton({
  pending,
  pendingLabel,
  label,
  ariaLabel,
  onClick,
}: {
  pending: boolean;
  label: string;
  /** The text while pending; the label when not given. */
  pendingLabel?: string;
  ariaLabel?: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={pending}
      aria-busy={pending || undefined}
      aria-label={ariaLabel}
      onClick={onClick}
    >
      {pending ? (pendingLabel ?? label) : label}
    </button>
  );
}

/** A code or card in use: its name, what it gives on this order, and its remove button. */
export function CodeInUse({
  as: Tag = 'div',
  className = '',
  name,
  details,
  action,
}: {
  as?: 'div' | 'li';
  className?: string;
  name: string;
  /** One paragraph each; null ones are left out. */
  details: ReactNode[];
  action: ReactNode;
}) {
  return (
    <Tag className={`giftcard-list__item${className ? ` ${className}` : ''}`}>
      <div>
        <p className="giftcard-list__name">{name}</p>
        {details.map((detail, index) =>
          detail === null ? null : (
            <p key={index} className="giftcard-list__detail">
              {detail}
            </p>
          ),
        )}
      </div>
      {action}
    </Tag>
  );
}
