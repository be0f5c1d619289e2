import type { InputHTMLAttributes } from 'react';

type TextFieldProps = {
  id: string;
  label: string;
  value: string;
  required: boolean;
  /** Shown only once the field was touched (the caller decides, spec §5). */
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
  hint?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'autoComplete' | 'inputMode' | 'type' | 'maxLength'
>;

/**
 * A labelled text field: required ones carry an asterisk (spec §5), which is explained once
 * above the form; the error is tied to the field with aria-describedby and aria-invalid.
 */
export function TextField({
  id,
  label,
  value,
  required,
  error,
  onChange,
  onBlur,
  hint,
  ...inputProps
}: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={id}
        className="field__input"
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        {...inputProps}
      />
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
