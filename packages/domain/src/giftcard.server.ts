import { createHash } from 'node:crypto';

/** How a gift card's PIN is stored: sha256 of 'number:pin' in hex (seed and API share it). */
export function giftCardPinHash(number: string, pin: string): string {
  return createHash('sha256').update(`${number}:${pin}`).digest('hex');
}
