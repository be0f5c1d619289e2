import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The e-mails the server under test wrote: without SMTP_URL the API renders each one to an
 * .eml file under DATA_DIR/mail (apps/api/src/lib/mail.ts); DATA_DIR is playwright.config's.
 */
const MAIL_DIR = path.join('.data', `e2e-${process.env.E2E_PORT ?? 3210}`, 'mail');

async function mailFiles(): Promise<string[]> {
  try {
    return (await readdir(MAIL_DIR)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
}

/** The names of the mails so far: pass them to latestLink to see only newer ones. */
export async function mailsSoFar(): Promise<Set<string>> {
  return new Set(await mailFiles());
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The password link of the first mail to `to` not among `before` (waits for it): its path and
 * query, so the test opens it on the server under test.
 */
export async function passwordLinkTo(to: string, before: Set<string>): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        for (const name of await mailFiles()) {
          if (before.has(name)) continue;
          const text = decodeQuotedPrintable(await readFile(path.join(MAIL_DIR, name), 'utf8'));
          if (!new RegExp(`^To: .*${to.replace(/[.]/g, '\\.')}`, 'im').test(text)) continue;
          const match = /https?:\/\/[^/\s]+(\/proffs\/losenord\?token=[\w-]+)/.exec(text);
          if (match?.[1]) link = match[1];
        }
        return link;
      },
      { message: `a password mail to ${to}` },
    )
    .not.toBeNull();
  return link as unknown as string;
}

/**
 * The first link matching `pattern` (its path and query) in a mail to `to` not among `before`
 * (waits for it): e.g. the end customer's project invitation (/kund/…?token=…).
 */
export async function mailedLinkTo(
  to: string,
  before: Set<string>,
  pattern: RegExp,
): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        for (const name of await mailFiles()) {
          if (before.has(name)) continue;
          const text = decodeQuotedPrintable(await readFile(path.join(MAIL_DIR, name), 'utf8'));
          if (!new RegExp(`^To: .*${to.replace(/[.]/g, '\\.')}`, 'im').test(text)) continue;
          const match = new RegExp(`https?://[^/\\s]+(${pattern.source})`).exec(text);
          if (match?.[1]) link = match[1];
        }
        return link;
      },
      { message: `a mail to ${to}` },
    )
    .not.toBeNull();
  return link as unknown as string;
}
