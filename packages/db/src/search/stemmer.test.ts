import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { swedishStem } from '@bygg/domain/search-text';

// The stemmer of @bygg/domain/search-text must stem as the database's Snowball dictionary
// does, since the index and PostgreSQL's own text search meet on the same stems.
const pg = new PGlite();
afterAll(() => pg.close());

const WORDS = `skruvar skruv skruven plankor planka gipsskivor gipsskiva isolering reglar regel
  hyvlad hyvlade tryckimpregnerad fönster fönstren dörrar dörren målad vitmålad trädgårdsslangar
  arbetshandskar knäskydd kopparrör golvlister golvlist lampor lampans färgen fullt snabbt
  möjligheterna bättre byggnader takpannor spånskivor lösningar lösningen hemligt hemliga
  ytterdörrar innerdörrarna kakelfix fogmassa silikonet tätningslisterna`.split(/\s+/);

describe('swedishStem', () => {
  it('stems like PostgreSQL swedish_stem on building-material words', async () => {
    for (const word of WORDS) {
      const { rows } = await pg.query<{ s: string[] }>(
        `select ts_lexize('swedish_stem', $1) as s`,
        [word],
      );
      expect(swedishStem(word), word).toBe(rows[0]?.s[0]);
    }
  });
});
