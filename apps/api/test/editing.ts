import { buildTestApp, sessionCookie, type TestApp } from './helper.ts';

/** Seeded users (small seed): an editor of the store chain, and a trade admin who is not. */
export const EDITOR = { username: 'johan.berg@timmerkedjan.example', password: 'Redaktor2026!' };
export const TRADE_ADMIN = {
  username: 'anna.lindqvist@lindqvistbygg.example',
  password: 'Admin2026!',
};

/**
 * The API on the small seed with the sessions the editing tests act as: the editor, and a
 * logged-in customer (the trade admin) who may not edit. Close it with t.close().
 */
export async function buildEditingTestApp(): Promise<{
  t: TestApp;
  editorCookie: string;
  customerCookie: string;
}> {
  const t = await buildTestApp();
  return {
    t,
    editorCookie: await sessionCookie(t.app, EDITOR),
    customerCookie: await sessionCookie(t.app, TRADE_ADMIN),
  };
}
