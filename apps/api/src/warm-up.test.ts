import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import { warmUp } from './warm-up.ts';

describe('warmUp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('sends searches and article requests that all succeed (products the shop shows)', async () => {
    const report = await warmUp(t.app, 4);
    expect(report.requests).toBe(12);
    expect(report.failed).toBe(0);
  });

  it('does nothing on an empty catalogue and never throws', async () => {
    const empty = await buildTestApp({ seeded: false });
    try {
      const report = await warmUp(empty.app);
      expect(report).toMatchObject({ requests: 0, failed: 0 });
    } finally {
      await empty.close();
    }
  });
});
