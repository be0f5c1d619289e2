import { useState } from 'react';
import type { Cart } from '@bygg/contracts/cart';
import type { GiftCardBalance } from '@bygg/contracts/giftcards';
import { formatPrice } from '@bygg/domain/money';
import { useCart, useCartStore } from '~/lib/cart/use-cart.ts';
import { formatDate } from '~/lib/format.ts';
import { CodeEntryForm, CodeInUse, PendingButton } from './code-entry.tsx';
import { TextField } from './text-field.tsx';

/** 16 digits (spaces and dashes allowed while typing), the last a check digit. */
export function giftCardNumberError(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  if (digits === '') return 'Fyll i presentkortets nummer.';
  return /^\d{16}$/.test(digits) ? null : 'Presentkortsnumret ska ha 16 siffror.';
}

export function giftCardPinError(value: string): string | null {
  if (value.trim() === '') return 'Fyll i PIN-koden.';
  return /^\d{4}$/.test(value.trim()) ? null : 'PIN-koden ska ha 4 siffror.';
}

/** The card's number and PIN: optional digits, never filled in by the browser. */
const DIGITS_FIELD = { required: false, inputMode: 'numeric', autoComplete: 'off' } as const;

/**
 * Gift cards (issue 5): add one by its number and PIN, see each card's balance and what this
 * order takes from it, remove it, or only look up a balance. Inside the checkout form, so its
 * buttons are plain buttons and Enter in its fields adds the card instead of ordering.
 */
export function GiftCards({ voucher }: { voucher: Cart['voucher'] }) {
  const store = useCartStore();
  const { giftCardPending, errors } = useCart();
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState('');
  const [touched, setTouched] = useState({ number: false, pin: false });
  const [balance, setBalance] = useState<GiftCardBalance | null>(null);
  const [balanceError, setBalanceError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const numberError = touched.number ? giftCardNumberError(number) : null;
  const pinError = touched.pin ? giftCardPinError(pin) : null;
  const valid = giftCardNumberError(number) === null && giftCardPinError(pin) === null;
  const cards = voucher?.giftcards ?? [];

  const add = async () => {
    setTouched({ number: true, pin: true });
    if (!valid) return;
    if (await store.addGiftCard({ number, pin: pin.trim() })) {
      setNumber('');
      setPin('');
      setTouched({ number: false, pin: false });
      setBalance(null);
    }
  };

  const checkBalance = async () => {
    setTouched({ number: true, pin: true });
    if (!valid) return;
    setChecking(true);
    setBalanceError(null);
    const reply = await store.giftCardBalance(number.replace(/[\s-]/g, ''), pin.trim());
    setChecking(false);
    if ('balance' in reply) setBalance(reply.balance);
    else {
      setBalance(null);
      setBalanceError(reply.error);
    }
  };

  return (
    <section className="checkout-section" aria-labelledby="giftcards-heading">
      <h2 id="giftcards-heading" className="checkout-section__title">
        Presentkort
      </h2>
      {cards.length > 0 ? (
        <ul className="giftcard-list">
          {cards.map((card) => (
            <CodeInUse
              key={card.last4}
              as="li"
              name={`Presentkort •••• ${card.last4}`}
              details={[
                `Saldo ${formatPrice(card.balance)} · dras på den här ordern ${formatPrice(card.amount)}`,
              ]}
              action={
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={giftCardPending}
                  onClick={() => void store.removeGiftCard(card.last4)}
                >
                  Ta bort<span className="visually-hidden"> presentkort •••• {card.last4}</span>
                </button>
              }
            />
          ))}
        </ul>
      ) : null}
      <CodeEntryForm
        onEnter={() => void add()}
        actions={
          <>
            <PendingButton
              pending={giftCardPending}
              label="Lägg till presentkort"
              pendingLabel="Lägger till …"
              onClick={() => void add()}
            />
            <button
              type="button"
              className="button button--link"
              disabled={checking}
              onClick={() => void checkBalance()}
            >
              {checking ? 'Hämtar saldo …' : 'Visa saldo'}
            </button>
          </>
        }
      >
        <TextField
          {...DIGITS_FIELD}
          id="giftcard-number"
          label="Presentkortsnummer"
          hint="16 siffror"
          value={number}
          error={numberError}
          maxLength={23}
          onChange={setNumber}
          onBlur={() => setTouched((state) => ({ ...state, number: number !== '' }))}
        />
        <TextField
          {...DIGITS_FIELD}
          id="giftcard-pin"
          label="PIN-kod"
          hint="4 siffror"
          value={pin}
          error={pinError}
          maxLength={4}
          onChange={setPin}
          onBlur={() => setTouched((state) => ({ ...state, pin: pin !== '' }))}
        />
      </CodeEntryForm>
      <div role="status" className="giftcard-status">
        {balance ? (
          <p className="giftcard-balance">
            Presentkort •••• {balance.last4}: saldo {formatPrice(balance.balance)}
            {balance.is_expired
              ? ', men kortet har gått ut och kan inte användas.'
              : `, giltigt t.o.m. ${formatDate(balance.expires_at)}.`}
          </p>
        ) : null}
      </div>
      <p role="alert" className="checkout-error">
        {errors.giftcard ?? balanceError ?? ''}
      </p>
    </section>
  );
}
