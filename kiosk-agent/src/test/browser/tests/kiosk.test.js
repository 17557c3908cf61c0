// The kiosk screen end to end: Chromium against kiosk-agent serve and a real suite (BrowserStack).
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { accessible, control, launch, open, reconciled, screen, screenshot, stack } from './support.js';

const LONG = { timeout: 90_000 };

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

async function searchAndPick(page, query, name) {
	await page.locator('#search').fill(query);
	const result = page.locator('ul.results button', { hasText: name });
	await result.waitFor();
	await result.click();
	await screen(page, 'confirm');
}

describe('kiosk screen', { concurrency: false }, () => {
	let browser;
	let page;

	before(async () => {
		browser = await launch();
		page = browser.page;
		await open(page);
	});

	// every test starts on a fresh start screen
	beforeEach(async () => {
		await open(page);
	});

	after(async () => {
		await browser?.close();
		// whatever failed, leave the edge running for the next test run's stack
		await control('POST', '/edge/start').catch(() => {});
	});

	test('start screen is accessible', async () => {
		await accessible(page, 'start');
		await screenshot(page, 'start');
		await assert.doesNotReject(page.locator('[data-testid="connection"]', { hasText: 'Connected' }).waitFor());
	});

	test('search is case- and accent-insensitive, by name, company and e-mail, then check in', LONG, async () => {
		await page.locator('#search').fill('MULLER');
		await page.locator('ul.results button', { hasText: 'Zoë Müller-Lüdenscheidt' }).waitFor();
		await page.locator('#search').fill('strasse');
		await page.locator('ul.results button', { hasText: 'Zoë Müller-Lüdenscheidt' }).waitFor();
		await page.locator('#search').fill('francois@');
		await page.locator('ul.results button', { hasText: 'François Lefèvre' }).waitFor();
		await page.locator('#search').fill('bjorn ostergard');
		await page.locator('ul.results button', { hasText: 'Björn Østergård' }).waitFor();
		await page.locator('#search').fill('zoe');
		await page.locator('ul.results button', { hasText: 'Zoë' }).waitFor();
		await accessible(page, 'search results');
		await screenshot(page, 'search');
		await page.locator('ul.results button', { hasText: 'Zoë' }).click();
		await screen(page, 'confirm');
		await accessible(page, 'confirm');
		await screenshot(page, 'confirm');
		await page.getByTestId('check-in').click();
		// "checked in" once the edge acknowledged it within the agent's wait, else "saved on
		// this kiosk" (a cold, loaded machine): both only after the agent's commit
		await page.locator('main[data-screen="done"], main[data-screen="saved"]').waitFor();
		await page.locator('h1', { hasText: 'Zoë Müller-Lüdenscheidt' }).waitFor();
		// the badge status follows the print ledger until the printer confirmed the label
		await page.locator('[data-testid="badge-status"][data-status="PRINTED"]').waitFor(LONG);
		assert.match(await page.getByTestId('badge-status').textContent(), /ready at printer (primary|backup)/);
		assert.equal((await reconciled('att_b_1')).checkedIn, true);
		await page.getByRole('button', { name: 'Done' }).click();
		await screen(page, 'start');
	});

	test('keyboard only: type, Tab to the result, Enter, Enter', LONG, async () => {
		await page.locator('#search').focus();
		await page.keyboard.type('grace hop');
		await page.locator('ul.results button', { hasText: 'Grace Hopper' }).waitFor();
		await page.keyboard.press('Tab');
		assert.equal(await page.evaluate(() => document.activeElement.dataset.attendee), 'att_b_3');
		await page.keyboard.press('Enter');
		await screen(page, 'confirm');
		assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'check-in');
		await page.keyboard.press('Enter');
		await screen(page, 'done');
		await page.locator('h1', { hasText: 'You are checked in, Grace Hopper' }).waitFor();
		await page.locator('[data-testid="badge-status"][data-status="PRINTED"]').waitFor(LONG);
		await accessible(page, 'done');
		await screenshot(page, 'done');
		await page.keyboard.press('Tab');
		await page.keyboard.press('Enter');
		await screen(page, 'start');
	});

	test('scan: the badge credential typed by a keyboard-wedge scanner, then Enter', async () => {
		// the scanner types wherever the focus is; the start screen sends it to the search field
		await page.locator('h1').focus();
		await page.keyboard.type(`EVT1:${stack.eventId}:att_b_4:1`);
		await page.keyboard.press('Enter');
		await screen(page, 'done');
		await page.locator('h1', { hasText: 'Ada Lovelace' }).waitFor();
		await page.getByRole('button', { name: 'Done' }).click();
		await screen(page, 'start');
	});

	test('already checked in: when and where, and what to do for a reprint', async () => {
		await page.locator('#search').focus();
		await page.keyboard.type(`EVT1:${stack.eventId}:att_b_4:1`);
		await page.keyboard.press('Enter');
		await screen(page, 'already');
		await page.locator('h1', { hasText: 'You are already checked in, Ada Lovelace' }).waitFor();
		assert.match(await page.getByTestId('already-when').textContent(), new RegExp(`Checked in .+ at ${stack.kioskId}`));
		await page.locator('p.notice', { hasText: 'reprint' }).waitFor();
		await accessible(page, 'already checked in');
		await screenshot(page, 'already-checked-in');
		await page.getByRole('button', { name: 'Done' }).click();
		await screen(page, 'start');
	});

	test('unknown ticket: a clear message and "call staff", never a blank screen', async () => {
		await page.locator('#search').focus();
		await page.keyboard.type('att_nobody_42');
		await page.keyboard.press('Enter');
		await screen(page, 'problem');
		assert.equal(await page.getByTestId('problem').getAttribute('data-kind'), 'unknown-attendee');
		await page.locator('p.notice', { hasText: 'Please call staff' }).waitFor();
		await accessible(page, 'problem');
		await screenshot(page, 'problem');
		await page.getByRole('button', { name: 'Back to start' }).click();
		await screen(page, 'start');
	});

	test('express code typed as people type it (lower case, dashes, O for 0)', async () => {
		await page.getByRole('button', { name: 'I have an express code' }).click();
		await screen(page, 'express');
		await accessible(page, 'express');
		const code = stack.expressCode;
		const typed = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`.toLowerCase().replace(/0/g, 'o');
		await page.locator('#express').fill(typed);
		await screenshot(page, 'express');
		await page.getByRole('button', { name: 'Check in' }).click();
		await screen(page, 'express-done');
		const names = await page.getByTestId('express-names').textContent();
		assert.match(names, /Ken Thompson/);
		assert.match(names, /Frances Allen/);
		await accessible(page, 'express done');
		await screenshot(page, 'express-done');
		assert.equal((await reconciled('att_b_9')).checkedIn, true);
		await page.getByRole('button', { name: 'Done' }).click();
		await screen(page, 'start');
	});

	test('edge down: saved on this kiosk, backlog shown, survives an agent SIGKILL; edge back: it flushes and the badge status follows', { timeout: 400_000 }, async () => {
		await control('POST', '/edge/stop');
		let edgeDown = true;
		try {
			await page.locator('[data-testid="connection"].offline').waitFor(LONG);
			await searchAndPick(page, 'turing', 'Alan Turing');
			await page.getByTestId('check-in').click();
			await screen(page, 'saved');
			await page.locator('h1', { hasText: 'Saved on this kiosk, Alan Turing' }).waitFor();
			await page.getByTestId('backlog').waitFor();
			assert.match(await page.getByTestId('backlog').textContent(), /1 check-in saved on this kiosk/);
			await page.locator('[data-testid="badge-status"][data-status="SAVED_ON_KIOSK"]').waitFor();
			await accessible(page, 'saved on this kiosk');
			await screenshot(page, 'saved-on-kiosk');

			// the agent dies right after the confirmation (SIGKILL) and starts again
			await control('POST', '/agent/kill');
			await control('POST', '/agent/start');
			// still saved: the screen's badge status and backlog come from the agent's log
			await page.locator('[data-testid="badge-status"][data-status="SAVED_ON_KIOSK"]').waitFor();
			assert.equal((await reconciled('att_b_5')).checkedIn, false, 'the edge is down: nothing reached the server yet');

			await control('POST', '/edge/start');
			edgeDown = false;
			// the entry flushes, and the screen the attendee is looking at follows the badge
			await eventually(async () => (await reconciled('att_b_5')).checkedIn, 'the backlog reaching the reconciler', 120_000);
			await page.locator('[data-testid="badge-status"][data-status="PRINTED"]').waitFor({ timeout: 120_000 });
			await page.locator('[data-testid="connection"].online').waitFor(LONG);
			await page.getByTestId('backlog').waitFor({ state: 'detached', ...LONG });
		} finally {
			if (edgeDown) await control('POST', '/edge/start');
		}
	});

	test('a restarted browser knows what the agent kept', LONG, async () => {
		await browser.close();
		browser = await launch();
		page = browser.page;
		await open(page);
		await page.locator('#search').fill('turing');
		await page.locator('ul.results button', { hasText: 'already checked in' }).waitFor();
	});

	test('agent killed (SIGKILL) right after an online confirmation: the entry is still there', LONG, async () => {
		await searchAndPick(page, 'dijkstra', 'Edsger Dijkstra');
		await page.getByTestId('check-in').click();
		await page.locator('main[data-screen="done"], main[data-screen="saved"]').waitFor();
		await control('POST', '/agent/kill');
		await control('POST', '/agent/start');
		await page.reload();
		await open(page);
		await page.locator('#search').fill('dijkstra');
		await page.locator('ul.results button', { hasText: 'already checked in' }).waitFor();
		await eventually(async () => (await reconciled('att_b_6')).checkedIn, 'the entry reaching the reconciler');
		const history = (await reconciled('att_b_6')).history;
		assert.equal(history.filter((h) => h.outcome === 'APPLIED').length, 1, JSON.stringify(history));
		await page.locator('#search').fill('');
	});

	test('staff mode: PIN, sync state, backlog, dead letters, force flush, language, health', LONG, async () => {
		await page.getByRole('button', { name: 'Staff' }).click();
		await screen(page, 'staff-pin');
		await page.locator('#pin').fill('000000');
		await page.getByRole('button', { name: 'Open staff mode' }).click();
		await page.locator('[role="alert"]', { hasText: 'That PIN is not right' }).waitFor();
		await accessible(page, 'staff PIN');
		await screenshot(page, 'staff-pin');
		await page.locator('#pin').fill(stack.pin);
		await page.getByRole('button', { name: 'Open staff mode' }).click();
		await screen(page, 'staff');
		assert.equal(await page.getByTestId('staff-backlog').textContent(), '0');
		assert.equal(await page.getByTestId('staff-dead-letters').textContent(), 'None');
		await page.getByTestId('force-flush').click();
		await page.getByTestId('staff-note').waitFor();
		assert.match(await page.getByTestId('staff-note').textContent(), /Backlog: 0/);
		assert.match(await page.getByTestId('staff-health').textContent(), /edge: UP/);
		await accessible(page, 'staff');
		await screenshot(page, 'staff');
		await page.getByRole('button', { name: 'Deutsch' }).click();
		await page.locator('h1', { hasText: 'Personalmodus' }).waitFor();
		assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
		await page.getByRole('button', { name: 'Personalmodus verlassen' }).click();
		await screen(page, 'start');
		await page.locator('h1', { hasText: 'Willkommen' }).waitFor();
		await accessible(page, 'start (Deutsch)');
		await screenshot(page, 'start-de');
		await page.getByRole('button', { name: 'English' }).click();
		await page.locator('h1', { hasText: 'Welcome' }).waitFor();
		// the kiosk's own language back to English, as the next tests expect it
		await page.getByRole('button', { name: 'Staff' }).click();
		await page.locator('#pin').fill(stack.pin);
		await page.getByRole('button', { name: 'Open staff mode' }).click();
		await screen(page, 'staff');
		await page.getByRole('button', { name: 'English' }).click();
		await page.locator('h1', { hasText: 'Staff mode' }).waitFor();
		await page.getByRole('button', { name: 'Leave staff mode' }).click();
		await open(page);
		await page.locator('h1', { hasText: 'Welcome' }).waitFor();
	});

	test('idle: asks "still there?" first, keeps the input on "more time", then resets to the start', LONG, async () => {
		const idle = await launch();
		try {
			await idle.page.clock.install();
			await open(idle.page);
			// the page's clock stands still from here: only fastForward moves it, so a slow
			// machine cannot run the 20 s countdown out while the test looks at the dialog
			await idle.page.clock.pauseAt(new Date(Date.now() + 2000));
			await idle.page.locator('#search').fill('hamilton');
			await idle.page.locator('ul.results button', { hasText: 'Margaret Hamilton' }).click();
			await screen(idle.page, 'confirm');
			await idle.page.clock.fastForward(stack.idleResetSeconds * 1000 + 1000);
			await idle.page.locator('dialog[open]').waitFor();
			// axe schedules its work on timers, which a paused clock never fires: let the clock run
			// for the scan and the screenshot (a second or two of the dialog's 20), then stop it again
			await idle.page.clock.resume();
			await accessible(idle.page, 'idle warning');
			await screenshot(idle.page, 'idle');
			// a second ahead: the running clock overtook a 100 ms margin between reading it and
			// pausing it on a loaded machine ("Cannot fast-forward to the past")
			await idle.page.clock.pauseAt(new Date(await idle.page.evaluate(() => Date.now()) + 1000));
			await idle.page.getByRole('button', { name: 'I need more time' }).click();
			await screen(idle.page, 'confirm');
			await idle.page.clock.fastForward(stack.idleResetSeconds * 1000 + 1000);
			await idle.page.locator('dialog[open]').waitFor();
			await idle.page.clock.fastForward(21_000);
			await screen(idle.page, 'start');
			assert.equal(await idle.page.locator('#search').inputValue(), '');
			// the last person's language goes with them: the next one starts in the kiosk's own
			await idle.page.getByRole('button', { name: 'Deutsch' }).click();
			await idle.page.locator('h1', { hasText: 'Willkommen' }).waitFor();
			await idle.page.locator('#search').fill('hopp');
			await idle.page.clock.fastForward(stack.idleResetSeconds * 1000 + 1000);
			await idle.page.locator('dialog[open]').waitFor();
			await idle.page.clock.fastForward(21_000);
			await idle.page.locator('h1', { hasText: 'Welcome' }).waitFor();
			assert.equal(await idle.page.evaluate(() => document.documentElement.lang), 'en');
			assert.equal(await idle.page.locator('#search').inputValue(), '');
		} finally {
			await idle.close();
		}
	});
});
