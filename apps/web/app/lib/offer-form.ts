import { parseSekToOre } from '@bygg/domain/money';

/**
 * What the offer editor's forms type, as the offer calls take it (issue 19): kronor as the
 * shop writes them ("1 250,50") to öre, hours ("7,5") to hundredths, percentages ("12,5") to
 * basis points. Shared by the browser (live totals while typing) and the action (the call's
 * body); null when the text is not a number of that kind.
 */

/** "7,5" or "7.5" → 750 hundredths; at most two decimals. */
export function parseHours(input: string): number | null {
  const text = input.trim().replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** "12,5" or "12,5 %" → 1250 basis points; at most two decimals. */
export function parsePercent(input: string): number | null {
  const text = input.trim().replace(/\s*%$/, '').replace(',', '.');
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** Kronor to öre ("1 250,50", "1250:-"); null for anything else. */
export function parseKronor(input: string): number | null {
  return parseSekToOre(input);
}

/** A whole quantity of at least 1. */
export function parseQuantity(input: string): number | null {
  const text = input.trim();
  if (!/^\d{1,6}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 ? value : null;
}

/** Hundredths of an hour as the form shows them: 750 → "7,5". */
export function formatHours(hundredths: number): string {
  return (hundredths / 100).toLocaleString('sv-SE', { maximumFractionDigits: 2 });
}

/** Basis points as a percentage: 1250 → "12,5". */
export function formatPercent(bp: number): string {
  return (bp / 100).toLocaleString('sv-SE', { maximumFractionDigits: 2 });
}

/** Öre as the form shows an amount to edit: 125050 → "1250,50", 125000 → "1250". */
export function formatKronorInput(ore: number): string {
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  const kronor = Math.floor(abs / 100);
  const rest = abs % 100;
  return rest === 0 ? `${sign}${kronor}` : `${sign}${kronor},${String(rest).padStart(2, '0')}`;
}

/**
 * The messages of a 400 reply's body (the API's `message` and each field's), for the toast
 * the spec asks for (trade-area §5: "on a 400 reply the error messages in the body are shown
 * in a toast"). Duplicates are dropped; an unreadable body gives the fallback.
 */
export function errorMessagesOf(body: unknown, fallback: string): string[] {
  const messages: string[] = [];
  if (body && typeof body === 'object') {
    const { message, fields } = body as { message?: unknown; fields?: unknown };
    if (Array.isArray(fields)) {
      for (const field of fields) {
        const text = (field as { message?: unknown } | null)?.message;
        if (typeof text === 'string' && text !== '') messages.push(text);
      }
    }
    if (typeof message === 'string' && message !== '' && messages.length === 0) {
      messages.push(message);
    }
  }
  const unique = [...new Set(messages)];
  return unique.length > 0 ? unique : [fallback];
}
