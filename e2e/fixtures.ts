import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA: every page an end-to-end test visits must have zero axe violations. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function expectNoAxeViolations(page: Page) {
  // A panel fading in (the mega menu opens on hover, 120 ms) measured half-way fails the
  // contrast rule with colours no one sees: finite animations end before the scan.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

type Fixtures = {
  /** Visits a path, waits for hydration and runs the accessibility scan. */
  visit: (path: string) => Promise<void>;
};

/** Test-only cookie: while set, the store selector counts as shown in this session. */
const SELECTOR_SHOWN_MARKER = 'e2e_store_selector_shown';
const SELECTOR_SHOWN_KEY = 'bygg:store-selector-shown';

type Options = {
  /**
   * 'answered' (default): the cookie dialog was answered before the test (bygg_consent=true,
   * bygg_marketing=false), so it does not cover the pages under test. 'unset': a first visit;
   * the consent tests use this via `test.use({ consent: 'unset' })`.
   */
  consent: 'answered' | 'unset';
  /**
   * 'suppressed' (default): the newsletter modal counts as already shown, so it cannot cover a
   * test that runs longer than its 60 seconds (spec §4). 'live': the newsletter test.
   */
  newsletter: 'suppressed' | 'live';
};

export const test = base.extend<Fixtures & Options>({
  consent: ['answered', { option: true }],
  newsletter: ['suppressed', { option: true }],
  context: async ({ context, consent, newsletter, baseURL }, use) => {
    if (newsletter === 'suppressed') {
      // localStorage key of app/features/newsletter/newsletter-rule.ts (SHOWN_KEY).
      await context.addInitScript(() => localStorage.setItem('bygg:newsletter-shown', 'true'));
    }
    if (consent === 'answered' && baseURL) {
      await context.addCookies([
        { name: 'bygg_consent', value: 'true', url: baseURL },
        { name: 'bygg_marketing', value: 'false', url: baseURL },
        { name: SELECTOR_SHOWN_MARKER, value: '1', url: baseURL },
      ]);
      // With consent the store selector opens by itself once per session (spec §2) and would
      // cover the pages under test, so it counts as already shown (sessionStorage key of
      // app/features/stores/auto-open.ts) while the marker cookie is there.
      await context.addInitScript(
        ([marker, key]) => {
          if (document.cookie.split('; ').includes(`${marker}=1`)) sessionStorage.setItem(key, '1');
        },
        [SELECTOR_SHOWN_MARKER, SELECTOR_SHOWN_KEY] as const,
      );
      // A test that sets the consent cookie itself plays a visitor who has just answered the
      // dialog: the selector opens for it as it would in production.
      const addCookies = context.addCookies.bind(context);
      context.addCookies = async (cookies) => {
        if (cookies.some((cookie) => cookie.name === 'bygg_consent')) {
          await context.clearCookies({ name: SELECTOR_SHOWN_MARKER });
        }
        return addCookies(cookies);
      };
    }
    await use(context);
  },
  visit: async ({ page }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    });
  },
  page: async ({ page }, use) => {
    const consoleErrors: string[] = [];
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    // Every page runs under the Content-Security-Policy (ADR 023): a blocked script, frame or
    // request is a failure of the test that caused it.
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        consoleErrors.push(message.text());
      }
    });
    await use(page);
    // The page the test ended on is scanned as well (it may have been reached by clicks).
    if (page.url().startsWith('http')) await expectNoAxeViolations(page);
    expect(consoleErrors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };
