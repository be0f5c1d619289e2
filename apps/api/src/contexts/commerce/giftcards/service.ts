import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from '@bygg/db/orm';
import { queryRows, type Database } from '@bygg/db/client';
import type { OrganisationId } from '@bygg/contracts/common';
import type { GiftCardBalance } from '@bygg/contracts/giftcards';
import { giftCardPinHash } from '@bygg/domain/giftcard.server';
import {
  GIFT_CARD_CHECKSUM_MESSAGE,
  GIFT_CARD_NOT_FOUND_MESSAGE,
  isValidGiftCardNumber,
  last4,
  withCheckDigit,
} from '@bygg/domain/giftcard';
import { BadRequestError, NotFoundError } from '../../../kernel/errors.ts';
import { Sealer } from '../../../lib/seal.ts';
import type { FailureCounters } from '../../../plugins/rate-limit.ts';

export type GiftCardRow = {
  id: number;
  number: string;
  pinHash: string;
  balanceOre: number;
  expiresAt: Date;
};

/**
 * A wrong check digit: 400 with reason INVALID_CHECKSUM, the reason the storefront knows
 * (spec §3); the routes' 400 schema carries `reason`.
 */
export class GiftCardChecksumError extends BadRequestError {
  readonly reason = 'INVALID_CHECKSUM' as const;
  constructor(path: string) {
    super(GIFT_CARD_CHECKSUM_MESSAGE, [{ path, message: GIFT_CARD_CHECKSUM_MESSAGE }]);
    this.name = 'GiftCardChecksumError';
  }

  override extraBody(): Record<string, unknown> {
    return { reason: this.reason };
  }
}

/** Card numbers we issue start with this (then 11 random digits and the check digit). */
const ISSUER_PREFIX = '6037';

/**
 * Gift cards: checking number and PIN, balances, and the numbers and PINs of cards bought in
 * the shop. A bought card's PIN is random (issue 15: it was once derived from the number, so
 * a number gave its PIN) and stored as a hash. Until the order confirmation that carries it
 * has been sent, the PIN is also kept sealed (AES-256-GCM under a key of its own derived from
 * the server secret), so a card order paid later, or a confirmation retried, can still send it.
 */
export class GiftCardService {
  private readonly sealer: Sealer;

  constructor(
    private readonly db: Database,
    secret: string,
    /** Wrong PINs per card number from all clients (null: unlimited, benchmarks). */
    private readonly failures: FailureCounters | null = null,
  ) {
    this.sealer = new Sealer('gift-card pin seal', secret);
  }

  /**
   * The card with this number and PIN in the organisation; 400 for a bad check digit, else
   * 404; 428 once the number had too many wrong PINs, from whichever clients (issue 15).
   */
  async verify(
    organisation: OrganisationId,
    number: string,
    pin: string,
    numberPath: string,
  ): Promise<GiftCardRow> {
    if (!isValidGiftCardNumber(number)) throw new GiftCardChecksumError(numberPath);
    const subject = `${organisation}:${number}`;
    await this.failures?.check('giftcardNumber', subject);
    const [row] = await queryRows<GiftCardRow>(
      this.db,
      sql`select id, number, pin_hash as "pinHash", balance_ore as "balanceOre", expires_at as "expiresAt"
        from gift_cards where number = ${number} and organisation_id = ${organisation}`,
    );
    // The same answer for an unknown number and a wrong PIN: neither can be probed alone.
    const expected = Buffer.from(row?.pinHash ?? '0'.repeat(64), 'hex');
    const given = Buffer.from(giftCardPinHash(number, pin), 'hex');
    if (!row || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await this.failures?.fail('giftcardNumber', subject);
      throw new NotFoundError(GIFT_CARD_NOT_FOUND_MESSAGE);
    }
    return {
      ...row,
      id: Number(row.id),
      balanceOre: Number(row.balanceOre),
      expiresAt: new Date(row.expiresAt),
    };
  }

  async balance(
    organisation: OrganisationId,
    number: string,
    pin: string,
    now: Date,
  ): Promise<GiftCardBalance> {
    const card = await this.verify(organisation, number, pin, 'params.id');
    return {
      last4: last4(card.number),
      balance: card.balanceOre,
      currency: 'SEK',
      expires_at: card.expiresAt.toISOString(),
      is_expired: card.expiresAt <= now,
    };
  }

  /** A fresh random card number (checked for uniqueness by the insert). */
  newNumber(): string {
    let payload = ISSUER_PREFIX;
    while (payload.length < 15) payload += String(randomInt(10));
    return withCheckDigit(payload);
  }

  /**
   * The PIN a card issued before migration 0013 got: HMAC(secret, number). Kept only to find
   * those cards whose secret is public (CheckoutService.replacePublicPins).
   */
  static legacyPin(secret: string, number: string): string {
    const mac = createHmac('sha256', secret).update(`giftcard-pin:${number}`).digest();
    return String(mac.readUInt32BE(0) % 10_000).padStart(4, '0');
  }

  /** A new card's PIN: four random digits, related to nothing. */
  newPin(): string {
    return String(randomInt(10_000)).padStart(4, '0');
  }

  /** The PIN encrypted for gift_cards.pin_sealed: base64url(iv | tag | ciphertext). */
  sealPin(pin: string): string {
    return this.sealer.seal(pin);
  }

  /** The sealed PIN, or null when there is none or it was sealed under another secret. */
  openPin(sealed: string | null): string | null {
    return this.sealer.open(sealed);
  }

  pinHash(number: string, pin: string): string {
    return giftCardPinHash(number, pin);
  }
}
