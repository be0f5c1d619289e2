import { test, expect, expectNoAxeViolations } from './fixtures';
import { logInByKeyboard, secondContext, storeSlug } from './support/trade';

// Conversations (issue 20) in two browsers at once, by keyboard, at 1280 and 390 px with the
// axe scan: the trade customer writes to the store with a PDF attached, the store's staff
// read it and answer, and the customer's new-messages widget appears while scrolled up.

const ANNA = { username: 'anna.lindqvist@lindqvistbygg.example', password: 'Admin2026!' };
const EVA = { username: 'eva.stromberg@timmerkedjan.example', password: 'Butik2026!' };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test.describe('conversations between the trade customer and the store', () => {
  test('the customer writes with a PDF, the store answers, the widget shows while scrolled up @mobile', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const project = test.info().project.name;
    const slug = await storeSlug(page, 'Stockholm');
    const messages = `/butiker/${slug}/dashboard/meddelanden`;
    await logInByKeyboard(page, ANNA, messages);
    await expect(page.getByRole('heading', { level: 1, name: 'Meddelanden' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/messages-list-${project}.png`, fullPage: true });

    // The store's thread (or, on a first visit, the store without one): opened by keyboard.
    const threads = page.getByRole('region', { name: 'Meddelanden' });
    const thread = threads.getByRole('button', { name: /Stockholm/ }).first();
    await thread.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/konversation=/);
    const composer = page.getByRole('textbox', { name: 'Skriv ett meddelande' });
    await expect(composer).toBeVisible();

    // Two files chosen, one removed again; nothing is sent without text or a file.
    const send = page.getByRole('button', { name: 'Skicka' });
    await expect(send).toBeDisabled();
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'ritning.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'fel.txt', mimeType: 'text/plain', buffer: Buffer.from('fel fil') },
    ]);
    await page.getByRole('button', { name: 'Ta bort fel.txt' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('list', { name: 'Valda filer' }).getByRole('listitem')).toHaveCount(
      1,
    );
    await composer.focus();
    await page.keyboard.type('Hej! Har ni 45x95 i lager?');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('Ritningen bifogad.');
    await expect(composer).toHaveValue('Hej! Har ni 45x95 i lager?\nRitningen bifogad.');
    await page.keyboard.press('Enter');
    const log = page.getByRole('log', { name: 'Meddelanden i konversationen' });
    await expect(log.getByText('Ritningen bifogad.').last()).toBeVisible();
    await expect(log.getByRole('link', { name: 'ritning.pdf' }).last()).toBeVisible();
    await expect(composer).toHaveValue('');
    // More messages, so the conversation scrolls.
    for (let i = 1; i <= 6; i++) {
      await composer.focus();
      await page.keyboard.type(`Rad ${i}`);
      for (let line = 0; line < 3; line++) {
        await page.keyboard.press('Shift+Enter');
        await page.keyboard.type(`fortsättning ${line}`);
      }
      await page.keyboard.press('Enter');
      await expect(composer).toHaveValue('');
    }
    await expect(log.getByText(/^Rad 6/).last()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: `test-results/messages-customer-${project}.png`,
      fullPage: true,
    });

    // The store's staff, in a second browser at the same time.
    const staffContext = await secondContext(context, baseURL ?? '');
    const staff = await staffContext.newPage();
    const inbox = `/butik/${slug}/meddelanden`;
    await logInByKeyboard(staff, EVA, inbox);
    await expect(staff.getByRole('heading', { level: 1, name: 'Meddelanden' })).toBeVisible();
    const customerThread = staff
      .getByRole('region', { name: 'Meddelanden' })
      .getByRole('button', { name: /Lindqvist Bygg/ })
      .first();
    await expect(customerThread).toContainText('olästa');
    await expectNoAxeViolations(staff);
    await staff.screenshot({
      path: `test-results/messages-staff-inbox-${project}.png`,
      fullPage: true,
    });
    await customerThread.focus();
    await staff.keyboard.press('Enter');
    const staffLog = staff.getByRole('log', { name: 'Meddelanden i konversationen' });
    await expect(staffLog.getByRole('link', { name: 'ritning.pdf' }).last()).toBeVisible();
    const download = await staff.request.get(
      (await staffLog.getByRole('link', { name: 'ritning.pdf' }).last().getAttribute('href')) ?? '',
    );
    expect(download.headers()['content-type']).toBe('application/pdf');

    // The customer scrolls up before the answer comes.
    await log.evaluate((element) => {
      element.scrollTop = 0;
    });
    const answer = `Ja, 200 st i lager (${project}).`;
    const staffComposer = staff.getByRole('textbox', { name: 'Skriv ett meddelande' });
    await staffComposer.focus();
    await staff.keyboard.type(answer);
    await staff.keyboard.press('Enter');
    await expect(staffLog.getByText(answer)).toBeVisible();
    const handled = staff.getByRole('button', { name: 'Markera som hanterad' });
    await handled.focus();
    await staff.keyboard.press('Enter');
    await expect(staff.getByRole('button', { name: 'Markera som ohanterad' })).toBeVisible();
    await expectNoAxeViolations(staff);
    await staff.screenshot({
      path: `test-results/messages-staff-thread-${project}.png`,
      fullPage: true,
    });

    // The customer's next poll (every 30 s) brings the answer: the widget, not a jump.
    const widget = page.getByRole('button', { name: 'Nya meddelanden' });
    await expect(widget).toBeVisible({ timeout: 45_000 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/messages-widget-${project}.png` });
    await widget.focus();
    await page.keyboard.press('Enter');
    await expect(widget).toBeHidden();
    await expect(log.getByText(answer)).toBeInViewport();

    // Back removes the conversation from the address and goes up to the threads.
    await page.getByRole('button', { name: 'Tillbaka' }).click();
    await expect(page).not.toHaveURL(/konversation=/);
    await expect(threads.getByRole('button', { name: /Stockholm/ }).first()).toContainText(answer);

    // The drawer on the other dashboard pages: the same threads, opened and closed by keyboard.
    await page.goto(`/butiker/${slug}/dashboard/handelser`);
    await page.waitForLoadState('networkidle');
    const opener = page.getByRole('button', { name: 'Meddelanden', exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Meddelanden' });
    await expect(drawer.getByRole('button', { name: /Stockholm/ }).first()).toContainText(answer);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/messages-drawer-${project}.png` });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();
    await staffContext.close();
  });
});
