import { describe, expect, it } from 'vitest';
import { hookUrlProblem, ociAmount, ociFields, ociUnit } from './oci.ts';

describe('OCI fields', () => {
  it('numbers each line and gives the NEW_ITEM fields', () => {
    const fields = ociFields([
      {
        articleId: 1234567,
        title: 'Elitfönster träfönster 10×12 dm, 3-glas, överkantshängt, karm 155 mm, grå, U 0,94',
        quantity: 2,
        unit: 'st',
        unitPriceExclVatOre: 619_680,
        vatRate: 0.25,
        category: 'Sidohängda fönster',
        leadTimeDays: 21,
      },
      {
        articleId: 7654321,
        title: 'Trall 28x120',
        quantity: 12,
        unit: 'lpm',
        unitPriceExclVatOre: 2_396,
        vatRate: 0.25,
        category: null,
        leadTimeDays: null,
      },
    ]);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f.value]));
    expect(byName['NEW_ITEM-DESCRIPTION[1]']).toBe('Elitfönster träfönster 10×12 dm, 3-glas,');
    expect(byName['NEW_ITEM-LONGTEXT_1:132[]']).toMatch(/U 0,94$/);
    expect(byName['NEW_ITEM-QUANTITY[1]']).toBe('2');
    expect(byName['NEW_ITEM-UNIT[1]']).toBe('PCE');
    expect(byName['NEW_ITEM-PRICE[1]']).toBe('6196.80');
    expect(byName['NEW_ITEM-CURRENCY[1]']).toBe('SEK');
    expect(byName['NEW_ITEM-VENDORMAT[1]']).toBe('1234567');
    expect(byName['NEW_ITEM-LEADTIME[1]']).toBe('21');
    expect(byName['NEW_ITEM-UNIT[2]']).toBe('MTR');
    expect(byName['NEW_ITEM-PRICE[2]']).toBe('23.96');
    expect(byName['NEW_ITEM-LEADTIME[2]']).toBeUndefined();
  });

  it('formats amounts with a decimal point and maps units', () => {
    expect(ociAmount(5)).toBe('0.05');
    expect(ociAmount(100_000)).toBe('1000.00');
    expect(() => ociAmount(1.5)).toThrow(RangeError);
    expect(ociUnit('m²')).toBe('MTK');
    expect(ociUnit('pkt')).toBe('PK');
  });
});

describe('HOOK_URL check', () => {
  const allowed = ['inkop.example', 'localhost:4400'];
  it('accepts an allowed host, with the port where the entry has one', () => {
    expect(hookUrlProblem('https://inkop.example/oci/return?sid=1', allowed)).toBeNull();
    expect(hookUrlProblem('http://localhost:4400/hook', allowed)).toBeNull();
  });
  it('refuses other hosts, ports, schemes and user info', () => {
    expect(hookUrlProblem('https://evil.example/', allowed)).toMatch(/inte är godkänd/);
    expect(hookUrlProblem('http://localhost:9999/hook', allowed)).toMatch(/inte är godkänd/);
    expect(hookUrlProblem('javascript:alert(1)', allowed)).toMatch(/https:\/\//);
    expect(hookUrlProblem('https://a:b@inkop.example/', allowed)).toMatch(/inloggningsuppgifter/);
    expect(hookUrlProblem('inte en adress', allowed)).toMatch(/inte en giltig/);
  });
});
