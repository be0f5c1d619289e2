import type { Browser, Locator, Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations } from './fixtures';

const EDITOR = { username: 'johan.berg@timmerkedjan.example', password: 'Redaktor2026!' };

async function logIn(page: Page, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('E-postadress').fill(EDITOR.username);
  await page.getByLabel(/^Lösenord/).fill(EDITOR.password);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${next}$`));
}

/** A visitor in a browser of their own: no session, consent already answered. */
async function visitorPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'sv-SE' });
  await context.addCookies([
    { name: 'bygg_consent', value: 'true', url: baseURL },
    { name: 'bygg_marketing', value: 'false', url: baseURL },
  ]);
  await context.addInitScript(() => sessionStorage.setItem('bygg:store-selector-shown', '1'));
  return { context, page: await context.newPage() };
}

test.describe('the editor overlay', () => {
  test('is not offered to visitors', async ({ page, visit }) => {
    await visit('/');
    await expect(page.getByRole('region', { name: 'Redigeringsläge' })).toHaveCount(0);
  });

  test('an editor renames a main-menu item and rewrites a page text; a visitor sees both', async ({
    page,
    browser,
    baseURL,
  }) => {
    await logIn(page, '/kundservice');
    const toolbar = page.getByRole('region', { name: 'Redigeringsläge' });
    await expect(toolbar).toBeVisible();
    await expectNoAxeViolations(page);

    // Edit mode: the menu link itself opens its editor (click on the live page).
    await toolbar.getByRole('button', { name: 'Redigera sidan' }).click();
    await expect(toolbar.getByRole('status')).toContainText('redigerbara delar markerade');
    const menu = page.getByRole('navigation', { name: 'Huvudmeny' });
    await menu.getByRole('link', { name: 'Kampanjer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Redigera: Menytext' });
    await expect(dialog).toBeVisible();
    const text = dialog.getByRole('textbox', { name: 'Innehåll' });
    await expect(text).toHaveValue('Kampanjer');
    await text.fill('Veckans kampanjer');
    await dialog.getByRole('button', { name: 'Publicera' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Publicerat som version 2.');
    await expect(dialog.getByText('Version 1 · Ursprunglig text')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Stäng', exact: true }).click();
    await expect(menu.getByRole('link', { name: 'Veckans kampanjer', exact: true })).toBeVisible();

    // The page's rich text, reached by keyboard through the list of the page's content.
    await toolbar.getByRole('button', { name: 'Innehåll på sidan' }).click();
    const panel = page.getByRole('dialog', { name: 'Innehåll på sidan' });
    await panel
      .getByRole('button', { name: /^Textblock: Text/ })
      .first()
      .click();
    const richDialog = page.getByRole('dialog', { name: 'Redigera: Textblock: Text' });
    const area = richDialog.getByRole('textbox', { name: 'Innehåll' });
    await area.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Vi svarar inom en arbetsdag. ');
    await richDialog.getByRole('button', { name: 'Fet' }).click();
    await page.keyboard.type('Ring 010-123 45 67');
    await richDialog.getByRole('button', { name: 'Publicera' }).click();
    await expect(richDialog.getByRole('status')).toHaveText(/Publicerat som version \d+\./);
    await page.keyboard.press('Escape');
    await expect(page.locator('main').getByText('Vi svarar inom en arbetsdag.')).toBeVisible();
    await expect(page.locator('main strong', { hasText: 'Ring 010-123 45 67' })).toBeVisible();
    await page.screenshot({ path: 'test-results/editor-1280.png', fullPage: false });

    // A visitor, in a browser of their own, sees both changes.
    const visitor = await visitorPage(browser, baseURL ?? '');
    await visitor.page.goto('/kundservice');
    await expect(
      visitor.page
        .getByRole('navigation', { name: 'Huvudmeny' })
        .getByRole('link', { name: 'Veckans kampanjer', exact: true }),
    ).toBeVisible();
    await expect(
      visitor.page.locator('main').getByText('Vi svarar inom en arbetsdag.'),
    ).toBeVisible();
    await expect(visitor.page.getByRole('region', { name: 'Redigeringsläge' })).toHaveCount(0);
    await expectNoAxeViolations(visitor.page);
    await visitor.context.close();

    // The old menu label comes back by restoring version 1 (as version 3).
    await menu.getByRole('link', { name: 'Veckans kampanjer', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Redigera: Menytext' });
    await again.getByRole('button', { name: 'Återställ version 1' }).click();
    await expect(again.getByRole('status')).toHaveText('Publicerat som version 3.');
    await again.getByRole('button', { name: 'Stäng', exact: true }).click();
    await expect(menu.getByRole('link', { name: 'Kampanjer', exact: true })).toBeVisible();
    // The pointer rests where "Stäng" was, over the menu bar: a mega panel it opens (after the
    // hover delay) would be half faded in during the scan of the final page. Off the menu.
    await page.mouse.move(640, 600);
    await expect(menu.getByRole('button', { expanded: true })).toHaveCount(0);
  });

  test('an editor creates a subpage with blocks, moves a block and publishes; a visitor sees it', async ({
    page,
    browser,
    baseURL,
  }) => {
    await logIn(page, '/kundservice');
    const toolbar = page.getByRole('region', { name: 'Redigeringsläge' });
    await toolbar.getByRole('button', { name: 'Sidan och blocken' }).click();
    const panel = page.getByRole('dialog', { name: 'Sidan och blocken' });
    await expect(panel.getByRole('heading', { name: 'Sidan Kundservice' })).toBeVisible();

    // A new subpage, by keyboard-reachable buttons and forms only; its address follows the title.
    await panel.getByRole('button', { name: 'Ny undersida' }).click();
    const newPage = panel.getByRole('form', { name: 'Ny undersida' });
    await newPage.getByLabel('Rubrik').fill('Altanguide för nybörjare');
    await expect(newPage.getByLabel('Adress')).toHaveValue('altanguide-for-nyborjare');
    await newPage.getByRole('button', { name: 'Skapa undersida' }).click();
    await expect(
      panel.getByRole('heading', { name: 'Sidan Altanguide för nybörjare' }),
    ).toBeVisible();
    await expect(panel.getByText('Utkast – syns inte för besökare')).toBeVisible();

    // A rich-text block…
    await panel.getByRole('button', { name: 'Lägg till block' }).click();
    let form = panel.getByRole('form', { name: 'Lägg till block' });
    await expect(form.getByLabel('Blocktyp')).toHaveValue('rich-text');
    await form.getByRole('textbox', { name: 'Text (krävs)' }).click();
    await page.keyboard.type('Börja med att planera underlaget.');
    await form.getByRole('button', { name: 'Lägg till och publicera' }).click();
    await expect(panel.getByRole('status').last()).toHaveText('Blocket är tillagt och publicerat.');

    // …and a button link; without its label the form names the field.
    await panel.getByRole('button', { name: 'Lägg till block' }).click();
    form = panel.getByRole('form', { name: 'Lägg till block' });
    await form.getByLabel('Blocktyp').selectOption({ label: 'Knapp' });
    await form.getByLabel('Länk (krävs)').fill('/produkter');
    await form.getByRole('button', { name: 'Lägg till och publicera' }).click();
    await expect(form.getByText('Knappen behöver en text').first()).toBeVisible();
    await expect(form.getByLabel('Knapptext (krävs)')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Knapptext (krävs)').fill('Se virket');
    await form.getByRole('button', { name: 'Lägg till och publicera' }).click();
    await expect(panel.getByRole('status').last()).toHaveText('Blocket är tillagt och publicerat.');

    // The button first: moved up, focus stays on the moved block's buttons.
    const blocks = panel.getByRole('list').first().getByRole('listitem');
    await expect(blocks).toHaveCount(2);
    await panel.getByRole('button', { name: 'Flytta upp block 2, Knapp' }).click();
    await expect(blocks.first()).toContainText('Se virket');
    await expect(blocks.nth(1)).toContainText('Börja med att planera underlaget.');

    await panel.getByRole('button', { name: 'Publicera sidan' }).click();
    await expect(panel.getByRole('status').last()).toHaveText('Sidan är publicerad.');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/editor-page-panel-1280.png' });

    // A visitor in a browser of their own sees the page and its blocks in order.
    const visitor = await visitorPage(browser, baseURL ?? '');
    await visitor.page.goto('/kundservice/altanguide-for-nyborjare');
    const main = visitor.page.locator('main');
    await expect(main.getByRole('heading', { name: 'Altanguide för nybörjare' })).toBeVisible();
    const link = main.getByRole('link', { name: 'Se virket' });
    const text = main.getByText('Börja med att planera underlaget.');
    await expect(link).toBeVisible();
    await expect(text).toBeVisible();
    const order = await main.locator('[data-cms-block]').allInnerTexts();
    expect(order.findIndex((t) => t.includes('Se virket'))).toBeLessThan(
      order.findIndex((t) => t.includes('Börja med att planera')),
    );
    await expectNoAxeViolations(visitor.page);
    await visitor.context.close();
  });

  // Issue 22 (ADR 047): named dialogs, a draft that only the editor sees, its preview, publish
  // and discard, on the start page's hero and the footer; by keyboard, at 1280 and 390 px.
  test('an editor drafts the footer contact text, previews and publishes it; discards a hero draft @mobile', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const press = async (target: Locator) => {
      await target.focus();
      await page.keyboard.press('Enter');
    };
    const typeInto = async (box: Locator, text: string) => {
      await box.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(text);
    };
    const contact = `Ring kundservice (${testInfo.project.name}) 010-200 30 ${(Date.now() % 90) + 10}`;
    await logIn(page, '/');
    const toolbar = page.getByRole('region', { name: 'Redigeringsläge' });
    const openField = async (name: string | RegExp) => {
      await press(toolbar.getByRole('button', { name: 'Innehåll på sidan' }));
      const panel = page.getByRole('dialog', { name: 'Innehåll på sidan' });
      await press(panel.getByRole('button', { name }).first());
    };

    await openField(/^Sidfot: kontakt/);
    const dialog = page.getByRole('dialog', { name: 'Redigera: Sidfot: kontakt' });
    await expect(dialog).toBeVisible();
    // Named for what it edits; no node uri anywhere in the dialog.
    await expect(dialog).not.toContainText('://');
    await typeInto(dialog.getByRole('textbox', { name: 'Innehåll' }), contact);
    await press(dialog.getByRole('button', { name: 'Spara utkast' }));
    await expect(dialog.getByRole('status')).toContainText('Utkastet är sparat');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/editor-draft-${testInfo.project.name}.png` });

    // A visitor, in a browser of their own, still sees the published footer.
    const visitor = await visitorPage(browser, baseURL ?? '');
    await visitor.page.goto('/');
    const visitorFooter = visitor.page.locator('footer.site-footer:not(.site-footer--loading)');
    await expect(visitorFooter).toContainText('Kundservice');
    await expect(visitorFooter).not.toContainText(contact);

    // The preview shows the draft on the page, in the editor's browser only.
    await press(dialog.getByRole('link', { name: 'Förhandsvisa' }));
    await expect(page).toHaveURL(/\?forhandsvisning=1$/);
    await expect(toolbar).toContainText('Förhandsvisning');
    await expect(page.locator('footer.site-footer:not(.site-footer--loading)')).toContainText(
      contact,
    );
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/editor-preview-${testInfo.project.name}.png` });
    await visitor.page.goto('/?forhandsvisning=1');
    await expect(visitorFooter).not.toContainText(contact);

    // Publicera makes it live for everyone.
    await openField(/^Sidfot: kontakt/);
    await expect(dialog.getByRole('textbox', { name: 'Innehåll' })).toHaveValue(contact);
    await press(dialog.getByRole('button', { name: 'Publicera' }));
    await expect(dialog.getByRole('status')).toHaveText(/Publicerat som version \d+\./);
    await page.keyboard.press('Escape');
    await visitor.page.goto('/');
    await expect(visitorFooter).toContainText(contact);

    // The hero's heading: a draft that is thrown away never reaches the page.
    const heading = page.getByRole('heading', { level: 1 });
    const published = (await heading.textContent())?.trim() ?? '';
    await openField('Startsidans rubrik');
    const heroDialog = page.getByRole('dialog', { name: 'Redigera: Startsidans rubrik' });
    await typeInto(heroDialog.getByRole('textbox', { name: 'Innehåll' }), 'Kastad rubrik');
    await press(heroDialog.getByRole('button', { name: 'Spara utkast' }));
    await expect(heroDialog.getByRole('status')).toContainText('Utkastet är sparat');
    await press(heroDialog.getByRole('button', { name: 'Kasta utkast' }));
    await expect(heroDialog.getByRole('status')).toHaveText(
      'Utkastet är kastat. Den publicerade texten gäller.',
    );
    await expect(heroDialog.getByRole('textbox', { name: 'Innehåll' })).toHaveValue(published);
    await page.keyboard.press('Escape');
    await visitor.page.goto('/');
    await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(published);
    await visitor.context.close();
  });

  test('the toolbar at 390 px @mobile', async ({ page }) => {
    await logIn(page, '/kundservice');
    const toolbar = page.getByRole('region', { name: 'Redigeringsläge' });
    await expect(toolbar).toBeVisible();
    await page.screenshot({ path: 'test-results/editor-toolbar-390.png' });
    await toolbar.getByRole('button', { name: 'Innehåll på sidan' }).click();
    await expect(page.getByRole('dialog', { name: 'Innehåll på sidan' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/editor-panel-390.png' });
    await page.keyboard.press('Escape');
    await toolbar.getByRole('button', { name: 'Sidan och blocken' }).click();
    const pagePanel = page.getByRole('dialog', { name: 'Sidan och blocken' });
    await expect(pagePanel.getByRole('heading', { name: 'Sidan Kundservice' })).toBeVisible();
    await pagePanel.getByRole('button', { name: 'Lägg till block' }).click();
    await expect(pagePanel.getByLabel('Blocktyp')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/editor-page-panel-390.png' });
  });
});
