// npm run seed -w @bygg/db — (re)seeds the demo data. DATABASE_URL picks PostgreSQL (else the
// embedded PGlite under .data/pglite), SCALE the number of products, STORES the store count.
import { createDatabase } from '../client.ts';
import { readDbEnv } from '../config.ts';
import { migrate } from '../migrate.ts';
import { seed } from './index.ts';

const env = readDbEnv();
const started = performance.now();
const database = await createDatabase({ url: env.databaseUrl });
try {
  console.log(
    `Seeding ${env.scale} products on ${database.driver === 'pg' ? 'PostgreSQL' : 'PGlite'}…`,
  );
  await migrate(database);
  console.log(`migrate ${Math.round(performance.now() - started)} ms`);
  const report = await seed(database, {
    scale: env.scale,
    stores: env.stores,
    log: (m) => console.log(m),
  });
  console.log(
    `Seeded ${report.scale} products and ${report.stores} stores in ${(report.durationMs / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}
