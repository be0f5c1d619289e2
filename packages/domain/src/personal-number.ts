/**
 * Swedish personal identity numbers (personnummer, issue 19): kept only where a ROT/RUT
 * deduction needs them. Twelve digits ÅÅÅÅMMDDNNNC; the last is the Luhn check digit of the
 * ten-digit form's first nine (ÅÅMMDDNNN). Co-ordination numbers (samordningsnummer: day
 * plus 60) are accepted too, since Skatteverket grants deductions to their holders.
 */
import { luhnCheckDigit } from './giftcard.ts';

/** Digits only: '19811218-9876' and '198112189876' → '198112189876'. */
export function normalisePersonalNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

function validDate(yyyymmdd: string): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  let day = Number(yyyymmdd.slice(6, 8));
  if (day > 60) day -= 60; // samordningsnummer
  if (year < 1850 || month < 1 || month > 12 || day < 1) return false;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= last;
}

/** True for twelve digits (a dash before the last four allowed) with a real date and check digit. */
export function isValidPersonalNumber(input: string): boolean {
  if (!/^\d{8}-?\d{4}$/.test(input.trim())) return false;
  const digits = normalisePersonalNumber(input.trim());
  if (!validDate(digits.slice(0, 8))) return false;
  return luhnCheckDigit(digits.slice(2, 11)) === Number(digits.slice(11));
}

/** Shown masked: '198112189876' → '19811218-****'. */
export function maskPersonalNumber(digits: string): string {
  const clean = normalisePersonalNumber(digits);
  return `${clean.slice(0, 8)}-****`;
}
