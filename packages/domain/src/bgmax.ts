/**
 * Bankgirot's BgMax file ("Bankgiro Inbetalningar"): the incoming payments to a bankgiro
 * number, as the bank delivers them each banking day. Fixed-width records of 80 characters,
 * each starting with its transaction code (TK):
 *
 *   01 start (layout "BGMAX", version, timestamp, P = production / T = test)
 *   05 opening of a section: the payee's bankgiro (10 digits), currency
 *   20 payment: sender's bankgiro, reference (25), amount in öre (18), reference code,
 *      payment channel, BGC serial number (12)
 *   21 deduction (a credit the payer took off): as 20, plus a deduction code
 *   22/23 extra reference (positive / negative amount) of a payment with several references
 *   25–29 information, name, address, organisation number of the payer (not needed here)
 *   15 deposit, closing a section: payment date (YYYYMMDD), deposit amount, number of payments
 *   70 end: the number of payment, deduction, extra reference and deposit records
 *
 * Pure parsing with line-numbered errors in Swedish; no I/O. Matching payments to invoices is
 * the API's job.
 */

export type BgMaxPaymentKind = 'payment' | 'deduction' | 'extra_reference';

export type BgMaxPayment = {
  kind: BgMaxPaymentKind;
  /** 1-based line of the record in the file, for messages. */
  line: number;
  /** The payee bankgiro of the section, digits only. */
  payeeBankgiro: string;
  /** As the payer typed it, trimmed (an OCR number when referenceCode is 2). */
  reference: string;
  /** 0 blank, 1 no reference, 2 OCR checked, 3 several references, 4 free text, 5 wrong. */
  referenceCode: number;
  /** Öre; negative for deductions and negative extra references. */
  amountOre: number;
  /** Bankgirot's serial number of the payment (unique per payment); '' on extra references. */
  serial: string;
  /** The deposit's payment date, YYYY-MM-DD (from the section's TK15). */
  paidOn: string;
};

export type BgMaxFile = {
  test: boolean;
  payments: BgMaxPayment[];
};

export class BgMaxError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(line === null ? message : `Rad ${line}: ${message}`);
    this.name = 'BgMaxError';
  }
}

const digits = (text: string) => /^\d+$/.test(text);

function number(record: string, from: number, to: number, line: number, what: string): number {
  const text = record.slice(from - 1, to);
  if (!digits(text)) throw new BgMaxError(`${what} är inte ett tal`, line);
  return Number(text);
}

function isoDate(text: string, line: number): string {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  const iso = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
  const parsed = new Date(`${iso}T12:00:00Z`);
  if (!match || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso) {
    throw new BgMaxError('Betalningsdagen är inget datum', line);
  }
  return iso;
}

/** Parses a BgMax file (already decoded as text; Latin-1 in the bank's delivery). */
export function parseBgMax(text: string): BgMaxFile {
  const lines = text.split(/\r?\n/).map((l) => l.replace(/\s+$/, ''));
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  if (lines.length === 0 || !lines[0]!.startsWith('01BGMAX')) {
    throw new BgMaxError(
      'Filen är inte en BgMax-fil från Bankgirot (första raden ska börja med 01BGMAX)',
    );
  }
  const test = lines[0]!.padEnd(80).charAt(44) === 'T';
  const payments: BgMaxPayment[] = [];
  // The open section: its payee and the records waiting for the TK15 that dates them.
  let section: { payee: string; pending: Array<Omit<BgMaxPayment, 'paidOn'>> } | null = null;
  const counts = { payment: 0, deduction: 0, extra: 0, deposit: 0 };
  let ended = false;

  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (index === 0) continue;
    if (raw === '') continue;
    if (ended) throw new BgMaxError('Det finns rader efter slutposten (70)', line);
    if (raw.length > 80) throw new BgMaxError('Raden är längre än 80 tecken', line);
    const record = raw.padEnd(80);
    const code = record.slice(0, 2);
    switch (code) {
      case '05': {
        if (section) throw new BgMaxError('Ny öppningspost innan insättningsposten (15)', line);
        const payee = record.slice(2, 12);
        if (!digits(payee)) throw new BgMaxError('Mottagarens bankgironummer saknas', line);
        const currency = record.slice(22, 25);
        if (currency !== 'SEK')
          throw new BgMaxError(`Valutan ${currency.trim() || '(tom)'} stöds inte, bara SEK`, line);
        section = { payee: payee.replace(/^0+/, ''), pending: [] };
        break;
      }
      case '20':
      case '21':
      case '22':
      case '23': {
        if (!section) throw new BgMaxError('Betalningspost utanför ett avsnitt (05 saknas)', line);
        const kind: BgMaxPaymentKind =
          code === '20' ? 'payment' : code === '21' ? 'deduction' : 'extra_reference';
        const amount = number(record, 38, 55, line, 'Beloppet');
        const referenceCode = number(record, 56, 56, line, 'Referenskoden');
        section.pending.push({
          kind,
          line,
          payeeBankgiro: section.payee,
          reference: record.slice(12, 37).trim(),
          referenceCode,
          amountOre: code === '21' || code === '23' ? -amount : amount,
          serial: kind === 'extra_reference' ? '' : record.slice(57, 69).trim(),
        });
        if (code === '20') counts.payment += 1;
        else if (code === '21') counts.deduction += 1;
        else counts.extra += 1;
        break;
      }
      case '15': {
        if (!section) throw new BgMaxError('Insättningspost utan öppningspost (05)', line);
        const paidOn = isoDate(record.slice(37, 45), line);
        const deposited = number(record, 51, 68, line, 'Insättningsbeloppet');
        const sum = section.pending.reduce((s, p) => s + p.amountOre, 0);
        if (sum !== deposited) {
          throw new BgMaxError(
            `Betalningarna summerar till ${sum} öre men insättningen är ${deposited} öre`,
            line,
          );
        }
        for (const p of section.pending) payments.push({ ...p, paidOn });
        counts.deposit += 1;
        section = null;
        break;
      }
      case '70': {
        if (section) throw new BgMaxError('Slutposten kommer innan insättningsposten (15)', line);
        const expected = {
          payment: number(record, 3, 10, line, 'Antalet betalningsposter'),
          deduction: number(record, 11, 18, line, 'Antalet avdragsposter'),
          extra: number(record, 19, 26, line, 'Antalet extra referensposter'),
          deposit: number(record, 27, 34, line, 'Antalet insättningsposter'),
        };
        if (
          expected.payment !== counts.payment ||
          expected.deduction !== counts.deduction ||
          expected.extra !== counts.extra ||
          expected.deposit !== counts.deposit
        ) {
          throw new BgMaxError('Slutpostens antal stämmer inte med filens poster', line);
        }
        ended = true;
        break;
      }
      case '25':
      case '26':
      case '27':
      case '28':
      case '29':
        if (!section) throw new BgMaxError('Informationspost utanför ett avsnitt', line);
        break;
      default:
        throw new BgMaxError(`Okänd transaktionskod ${JSON.stringify(code)}`, line);
    }
  }
  if (!ended) throw new BgMaxError('Slutposten (70) saknas: filen är inte hel');
  return { test, payments };
}

/** Builds a BgMax file (for tests and the demo): one section per payment date. */
export function buildBgMax(
  payeeBankgiro: string,
  sections: ReadonlyArray<{
    paidOn: string;
    payments: ReadonlyArray<{ reference: string; amountOre: number; serial: string }>;
  }>,
  options: { test?: boolean; createdAt?: Date } = {},
): string {
  const pad = (s: string, n: number) => s.slice(0, n).padEnd(n);
  const zeros = (v: number | string, n: number) => String(v).padStart(n, '0');
  const stamp = (options.createdAt ?? new Date(`${sections[0]?.paidOn ?? '2026-01-01'}T06:00:00Z`))
    .toISOString()
    .replace(/\D/g, '')
    .slice(0, 14);
  const lines = [pad(`01${pad('BGMAX', 20)}01${stamp}000000${options.test ? 'T' : 'P'}`, 80)];
  const payee = zeros(payeeBankgiro.replace(/\D/g, ''), 10);
  let count = 0;
  sections.forEach((section, i) => {
    lines.push(pad(`05${payee}${' '.repeat(10)}SEK`, 80));
    let sum = 0;
    for (const p of section.payments) {
      sum += p.amountOre;
      lines.push(
        pad(
          `20${zeros(0, 10)}${pad(p.reference, 25)}${zeros(p.amountOre, 18)}21${zeros(p.serial, 12)}0`,
          80,
        ),
      );
    }
    count += section.payments.length;
    lines.push(
      pad(
        `15${zeros(0, 35)}${section.paidOn.replace(/-/g, '')}${zeros(i + 1, 5)}${zeros(sum, 18)}SEK${zeros(section.payments.length, 8)}`,
        80,
      ),
    );
  });
  lines.push(
    pad(`70${zeros(count, 8)}${zeros(0, 8)}${zeros(0, 8)}${zeros(sections.length, 8)}`, 80),
  );
  return `${lines.join('\r\n')}\r\n`;
}
