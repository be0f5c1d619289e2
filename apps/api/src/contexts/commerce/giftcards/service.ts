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
 * the shop. A bought card's PIN is derived from its number with a server secret (HMAC), so it
 * is never stored in clear text yet the receipt can show it again.
 */
export class GiftCardService {
  constructor(
    private readonly db: Database,
    private readonly secret: string,
  ) {}

  /** The card with this number and PIN in the organisation; 400 for a bad check digit, else 404. */
  async verify(
    organisation: OrganisationId,
    number: string,
    pin: string,
    numberPath: string,
  ): Promise<GiftCardRow> {
    if (!isValidGiftCardNumber(number)) throw new GiftCardChecksumError(numberPath);
    const [row] = await queryRows<GiftCardRow>(
      this.db,
      sql`select id, number, pin_hash as "pinHash", balance_ore as "balanceOre", expires_at as "expiresAt"
        from gift_cards where number = ${number} and organisation_id = ${organisation}`,
    );
    // The same answer for an unknown number and a wrong PIN: neither can be probed alone.
    const expected = Buffer.from(row?.pinHash ?? '0'.repeat(64), 'hex');
    const given = Buffer.from(giftCardPinHash(number, pin), 'hex');
    if (!row || expected.length !== given.length || !timingSafeEqual(expected, given)) {
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

  /** The PIN of a card the shop issued: 4 digits from HMAC(secret, number). */
  issuedPin(number: string): string {
    const mac = createHmac('sha256', this.secret).update(`giftcard-pin:${number}`).digest();
    return String(mac.readUInt32BE(0) % 10_000).padStart(4, '0');
  }

  pinHash(number: string, pin: string): string {
    return giftCardPinHash(number, pin);
  }
}
