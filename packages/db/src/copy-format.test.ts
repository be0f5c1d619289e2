import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './client.ts';
import { copyJson, copyStatement, encodeCopyRow, encodeCopyValue } from './copy-format.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

describe('COPY text encoding', () => {
  it('escapes tabs, newlines, carriage returns and backslashes inside values', () => {
    expect(encodeCopyValue('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
  });

  it('writes null and undefined as \\N and booleans as t/f', () => {
    expect(encodeCopyRow([null, undefined, true, false, 12])).toBe('\\N\t\\N\tt\tf\t12\n');
  });

  it('quotes array elements and marks JSON values explicitly', () => {
    expect(encodeCopyValue(['a "b"', 'c\\d', null])).toBe('{"a \\\\"b\\\\"","c\\\\\\\\d",NULL}');
    expect(encodeCopyValue(copyJson([{ a: 'x\ty' }]))).toBe('[{"a":"x\\\\ty"}]');
  });

  it('refuses identifiers that are not plain snake_case names', () => {
    expect(() => copyStatement('stores; drop table x', ['id'], 'STDIN')).toThrow(
      /Invalid identifier/,
    );
  });
});

describe('bulkCopy', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    await test.database.db.execute(
      sql`create table copy_probe (id int, label text, tags text[], doc jsonb, flag boolean)`,
    );
  });
  afterAll(async () => {
    await test.drop();
  });

  it('round-trips awkward text, arrays, JSON and nulls unchanged on the driver in use', async () => {
    const awkward = 'tab\there, line\nbreak, back\\slash, "quotes", åäö, \\N literal';
    const rows = [
      [1, awkward, ['x,y', 'z "q"', 'back\\slash'], copyJson({ s: awkward, n: [1, 2] }), true],
      [2, null, [], copyJson([]), null],
    ];
    const count = await test.database.bulkCopy(
      'copy_probe',
      ['id', 'label', 'tags', 'doc', 'flag'],
      rows,
    );
    expect(count).toBe(2);
    const back = await queryRows<{
      id: number;
      label: string | null;
      tags: string[];
      doc: unknown;
      flag: boolean | null;
    }>(test.database.db, sql`select id, label, tags, doc, flag from copy_probe order by id`);
    expect(back).toEqual([
      {
        id: 1,
        label: awkward,
        tags: ['x,y', 'z "q"', 'back\\slash'],
        doc: { s: awkward, n: [1, 2] },
        flag: true,
      },
      { id: 2, label: null, tags: [], doc: [], flag: null },
    ]);
  });

  it('loads rows from an async generator in several chunks', async () => {
    async function* many() {
      for (let i = 0; i < 50_000; i++)
        yield [100_000 + i, `rad ${i}\t${'x'.repeat(100)}`, null, null, i % 2 === 0];
    }
    const count = await test.database.bulkCopy(
      'copy_probe',
      ['id', 'label', 'tags', 'doc', 'flag'],
      many(),
    );
    expect(count).toBe(50_000);
    const [row] = await queryRows<{ n: number; evens: number }>(
      test.database.db,
      sql`select count(*)::int as n, count(*) filter (where flag)::int as evens from copy_probe where id >= 100000`,
    );
    expect(row).toEqual({ n: 50_000, evens: 25_000 });
  });
});
