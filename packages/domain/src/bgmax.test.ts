import { describe, expect, it } from 'vitest';
import { BgMaxError, buildBgMax, parseBgMax } from './bgmax.ts';

const line = (s: string) => s.padEnd(80);

describe('parseBgMax', () => {
  it('reads payments with the payee, reference, amount, serial and the deposit date', () => {
    const file = [
      line('01BGMAX               0120260601061500000000P'),
      line('050005050109          SEK'),
      line('20000378351110004212                 0000000000001250002114906300000110'),
      line('26Kalles Plåt AB'),
      line('21000378351110004212                 0000000000000025002114906300000220'),
      line('15000000000000000000058410000010098232026060100001000000000000122500SEK00000001'),
      line('7000000001000000010000000000000001'),
    ].join('\n');
    const parsed = parseBgMax(file);
    expect(parsed.test).toBe(false);
    expect(parsed.payments).toEqual([
      {
        kind: 'payment',
        line: 3,
        payeeBankgiro: '5050109',
        reference: '10004212',
        referenceCode: 2,
        amountOre: 125_000,
        serial: '149063000001',
        paidOn: '2026-06-01',
      },
      {
        kind: 'deduction',
        line: 5,
        payeeBankgiro: '5050109',
        reference: '10004212',
        referenceCode: 2,
        amountOre: -2_500,
        serial: '149063000002',
        paidOn: '2026-06-01',
      },
    ]);
  });

  it('round-trips what buildBgMax writes, over several sections', () => {
    const text = buildBgMax(
      '505-0109',
      [
        { paidOn: '2026-06-01', payments: [{ reference: '123', amountOre: 100, serial: '1' }] },
        {
          paidOn: '2026-06-02',
          payments: [
            { reference: '456', amountOre: 200, serial: '2' },
            { reference: '789', amountOre: 300, serial: '3' },
          ],
        },
      ],
      { test: true },
    );
    const parsed = parseBgMax(text);
    expect(parsed.test).toBe(true);
    expect(
      parsed.payments.map((p) => [p.reference, p.amountOre, p.paidOn, p.payeeBankgiro]),
    ).toEqual([
      ['123', 100, '2026-06-01', '5050109'],
      ['456', 200, '2026-06-02', '5050109'],
      ['789', 300, '2026-06-02', '5050109'],
    ]);
    expect(new Set(parsed.payments.map((p) => p.serial)).size).toBe(3);
  });

  const valid = buildBgMax('505-0109', [
    { paidOn: '2026-06-01', payments: [{ reference: '123', amountOre: 100, serial: '1' }] },
  ]).split('\r\n');

  it.each([
    ['not a BgMax file', 'hej\nhopp', /inte en BgMax-fil/],
    ['an empty file', '', /inte en BgMax-fil/],
    ['no end record', valid.slice(0, 4).join('\n'), /Slutposten \(70\) saknas/],
    [
      'wrong counts in the end record',
      [...valid.slice(0, 4), line('7000000009000000000000000000000001')].join('\n'),
      /Rad 5: Slutpostens antal/,
    ],
    [
      'a deposit that does not add up',
      [
        valid[0],
        valid[1],
        valid[2],
        valid[3]!.replace('000000000000000100SEK', '000000000000000999SEK'),
        valid[4],
      ].join('\n'),
      /Rad 4: Betalningarna summerar till 100 öre men insättningen är 999 öre/,
    ],
    [
      'an amount with letters',
      [
        valid[0],
        valid[1],
        valid[2]!.replace('000000000000000100', '0000000000000001x0'),
        valid[3],
        valid[4],
      ].join('\n'),
      /Rad 3: Beloppet är inte ett tal/,
    ],
    [
      'a date that does not exist',
      [valid[0], valid[1], valid[2], valid[3]!.replace('20260601', '20260231'), valid[4]].join(
        '\n',
      ),
      /Rad 4: Betalningsdagen är inget datum/,
    ],
    [
      'an unknown record',
      [valid[0], valid[1], line('99hej'), ...valid.slice(2)].join('\n'),
      /Rad 3: Okänd transaktionskod "99"/,
    ],
    [
      'a payment outside a section',
      [valid[0], valid[2], ...valid.slice(3)].join('\n'),
      /Rad 2: Betalningspost utanför ett avsnitt/,
    ],
    [
      'another currency',
      [valid[0], valid[1]!.replace('SEK', 'EUR'), ...valid.slice(2)].join('\n'),
      /Rad 2: Valutan EUR stöds inte/,
    ],
    [
      'a line over 80 characters',
      [valid[0], `${valid[1]}x`, ...valid.slice(2)].join('\n'),
      /Rad 2: Raden är längre än 80 tecken/,
    ],
    [
      'records after the end',
      [...valid.slice(0, 5), valid[1]].join('\n'),
      /Rad 6: Det finns rader efter slutposten/,
    ],
  ])('refuses %s with a message that says where', (_what, text, message) => {
    expect(() => parseBgMax(text)).toThrow(BgMaxError);
    expect(() => parseBgMax(text)).toThrow(message);
  });
});
