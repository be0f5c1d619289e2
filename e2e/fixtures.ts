import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** WCAG 2.2 AA: every page an end-to-end test visits must have zero axe violations. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function expectNoAxeViolations(page: Page) {
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

export const test = base.extend<Fixtures>({
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
    await use(page);
    // The page the test ended on is scanned as well (it may have been reached by clicks).
    if (page.url().startsWith('http')) await expectNoAxeViolations(page);
    expect(consoleErrors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };
