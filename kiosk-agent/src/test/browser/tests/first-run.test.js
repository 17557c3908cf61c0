// The kiosk screen's first-run page (#37): a kiosk started without a token enrols with its one-time
// code, typed with the keyboard alone, and serves the check-in screen on the same port; the same
// code a second time is the edge's 410, shown in English and German.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { accessible, control, launch, reconciled, screen, screenshot, stack } from './support.js';

const LONG = { timeout: 180_000 };

async function eventually(check, what, timeoutMs = 90_000) {
	const deadline = Date.now() + timeoutMs;
	let last;
	while (Date.now() < deadline) {
		try {
			last = await check();
			if (last) return last;
		} catch (error) {
			last = error;
		}
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
	assert.fail(`${what} did not happen in ${timeoutMs} ms (last: ${last})`);
}

describe('first-run page', { concurrency: false }, () => {
	const browsers = [];
	let code;

	after(async () => {
		for (const browser of browsers) await browser.close();
	});

	test('a code typed on the first-run page enrols the kiosk, which then checks someone in', LONG, async () => {
		const kiosk = await control('POST', '/first-run/start');
		code = kiosk.code;
		const browser = await launch();
		browsers.push(browser);
		const { page } = browser;
		await page.goto(kiosk.screenUrl);
		await screen(page, 'first-run');
		await page.locator('h1', { hasText: 'Set up this kiosk' }).waitFor();
		await accessible(page, 'first run');
		await screenshot(page, 'first-run');

		// keyboard only: the code field has the focus; a wrong code is a message, not a crash
		await page.keyboard.type('ZZZZZ-ZZZZZ');
		await page.keyboard.press('Enter');
		await page.getByTestId('enrol-problem').filter({ hasText: 'This enrolment code is not known' }).waitFor(LONG);
		await screen(page, 'first-run');
		await accessible(page, 'first run, unknown code');

		// as people type it: lower case, a hyphen, O for 0 and L for 1 (the field selected the old text)
		const typed = code.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
		await page.keyboard.type(`${typed.slice(0, 5)}-${typed.slice(5)}`);
		await page.keyboard.press('Tab');
		await page.keyboard.type('Browser hall, gate 7');
		const answer = page.waitForResponse((response) => response.url().endsWith('/api/enrol'), LONG);
		await page.keyboard.press('Enter');
		const response = await answer;
		assert.equal(response.status(), 201);
		const { kioskId } = await response.json();
		assert.match(kioskId, /^k-[0-9a-z]{10}$/);
		await page.getByTestId('enrolled-kiosk').filter({ hasText: `enrolled as ${kioskId}` }).waitFor(LONG);
		await accessible(page, 'first run, enrolled');

		// the edge lists it, with the label typed on the page
		const kiosks = await control('GET', '/kiosks');
		const listed = kiosks.find((k) => k.kioskId === kioskId);
		assert.ok(listed, `GET /admin/v1/kiosks lists ${kioskId}`);
		assert.equal(listed.label, 'Browser hall, gate 7');
		assert.equal(listed.eventId, stack.eventId);

		// the page reloads into the check-in screen, same port, no restart
		await page.locator('main[data-screen="start"] #search').waitFor(LONG);
		await page.locator('.bar .kiosk', { hasText: kioskId }).waitFor(LONG);
		await eventually(async () => {
			await page.locator('#search').fill('backus');
			return page.locator('ul.results button', { hasText: 'John Backus' }).isVisible();
		}, 'the new kiosk\'s cache knowing John Backus');
		await page.locator('ul.results button', { hasText: 'John Backus' }).focus();
		await page.keyboard.press('Enter');
		await screen(page, 'confirm');
		await page.keyboard.press('Enter');
		await page.locator('main[data-screen="done"], main[data-screen="saved"]').waitFor(LONG);
		await page.locator('h1', { hasText: 'John Backus' }).waitFor();
		await eventually(async () => (await reconciled('att_b_12')).checkedIn, 'the check-in reaching the reconciler', 120_000);
	});

	test('the same code on a second kiosk: the 410 message, in English and in German', LONG, async () => {
		assert.ok(code, 'the first test enrolled a kiosk with this code');
		const kiosk = await control('POST', '/first-run/start');
		const browser = await launch();
		browsers.push(browser);
		const { page } = browser;
		await page.goto(kiosk.screenUrl);
		await screen(page, 'first-run');
		await page.keyboard.type(code);
		await page.keyboard.press('Enter');
		await page.getByTestId('enrol-problem')
			.filter({ hasText: 'This enrolment code has already enrolled a kiosk' }).waitFor(LONG);
		await accessible(page, 'first run, code used');
		await screenshot(page, 'first-run-used');
		// German: the language button, then the same code once more
		await page.getByRole('button', { name: 'Deutsch' }).click();
		await page.locator('h1', { hasText: 'Dieses Terminal einrichten' }).waitFor();
		await page.locator('#enrol-code').fill(code);
		await page.locator('#enrol-code').press('Enter');
		await page.getByTestId('enrol-problem')
			.filter({ hasText: 'Mit diesem Anmeldecode wurde bereits ein Terminal angemeldet' }).waitFor(LONG);
		assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
		await accessible(page, 'first run, code used, German');
		await screen(page, 'first-run');
	});
});
