// The help-desk console end to end in Chromium, against a real local suite (run.sh): log in, find
// a person refused at a door and see why, correct, reprint and annul, watch the hall fill, fail a
// printer over, enrol a kiosk, re-drive a quarantined entry; the find-and-act path by keyboard only;
// an OPS user cannot reach ADMIN actions; axe-core on every screen, in English and German.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { accessible, control, launch, login, screen, screenshot, stack } from './support.js';

let browser;

before(async () => {
	browser = await launch();
});

after(async () => {
	await browser?.close();
});

async function fresh() {
	await browser.context.clearCookies();
	return browser.page;
}

test('a wrong password is refused with a problem, and the login page is accessible', async () => {
	const page = await fresh();
	await page.goto(stack.consoleUrl);
	await screen(page, 'login');
	await accessible(page, 'login');
	await screenshot(page, 'login');
	await page.getByLabel('User name').fill('ops');
	await page.getByLabel('Password').fill('not-the-password');
	await page.getByRole('button', { name: 'Sign in' }).click();
	await page.locator('#login-error').getByText('Login failed').waitFor();
	assert.match(await page.locator('#login-error').innerText(), /user name or the password is wrong/);
	assert.equal(await page.locator('main').getAttribute('data-screen'), 'login');
});

test('by keyboard only: log in, find a person refused at a door, see why, and correct their name', async () => {
	const page = await fresh();
	await page.goto(stack.consoleUrl);
	await screen(page, 'login');
	// the user name field has the focus on load
	await page.keyboard.type('ops');
	await page.keyboard.press('Tab');
	await page.keyboard.type(stack.opsPassword);
	await page.keyboard.press('Enter');
	await screen(page, 'person');
	// the screen's heading has the focus; the search is the next field, the event the one after
	await page.keyboard.press('Tab');
	assert.equal(await page.evaluate(() => document.activeElement.id), 'person-query');
	await page.keyboard.type('KATHERINE');
	await page.keyboard.press('Tab');
	assert.equal(await page.evaluate(() => document.activeElement.id), 'person-event');
	await page.keyboard.type(stack.eventId);
	await page.keyboard.press('Enter');
	// the one match opens at once
	await page.locator('#matches [data-pick]', { hasText: 'Katherine Johnson' }).waitFor();
	const row = page.locator('table', { has: page.locator('caption', { hasText: `Area ${stack.areaId}` }) }).locator('tbody tr').first();
	await row.waitFor();
	assert.match(await row.innerText(), /REFUSED/);
	assert.match(await row.innerText(), /TICKET_NOT_VALID_HERE/);
	assert.match(await row.innerText(), /kiosk-c-hall/);
	await accessible(page, 'person (refused)');
	await screenshot(page, 'find-a-person');
	// Tab past "Find" and the match to the first action, "Correct name or company"
	await page.keyboard.press('Tab');
	await page.keyboard.press('Tab');
	await page.keyboard.press('Tab');
	assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Correct name or company');
	await page.keyboard.press('Enter');
	const dialog = page.getByRole('dialog');
	await dialog.waitFor();
	// she was only refused at a door: the correction says that it checks her in and
	// queues her badge (the contract's correction is the desk's record of her)
	assert.match(await dialog.innerText(), /Katherine Johnson is not checked in\. Saving this correction checks them in at the desk and queues their badge/);
	assert.equal(await dialog.getByRole('button', { name: 'Correct and check in' }).count(), 1);
	await accessible(page, 'correction dialog');
	await page.keyboard.press('Control+A');
	await page.keyboard.type('Katherine G. Johnson');
	await page.keyboard.press('Tab');
	await page.keyboard.press('Tab');
	await page.keyboard.type('name misspelt at import');
	await page.keyboard.press('Tab');
	assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Correct and check in');
	await page.keyboard.press('Enter');
	await page.locator('#result').getByText('Correction saved: checked in at the desk, badge queued').waitFor();
	await page.locator('#person-name', { hasText: 'Katherine G. Johnson' }).waitFor();
	// focus came back to the button that opened the dialog
	assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Correct name or company');
});

test('find a person by a part of the name without accents, or pick one of several', async () => {
	const page = await fresh();
	await login(page, 'ops');
	await page.locator('#person-query').fill('zoe muller');
	await page.locator('#person-event').fill(stack.eventId);
	await page.getByRole('button', { name: 'Find' }).click();
	await page.locator('#person-name', { hasText: 'Zoë Müller-Lüdenscheidt' }).waitFor();
	// every attendee of the stack works at Example Ltd: a list to pick from
	await page.locator('#person-query').fill('example ltd');
	await page.getByRole('button', { name: 'Find' }).click();
	const picks = page.locator('#matches [data-pick]');
	await picks.nth(4).waitFor();
	assert.equal(await picks.count(), 5);
	assert.equal(await page.locator('#person-name').count(), 0);
	await accessible(page, 'person (matches)');
	await picks.filter({ hasText: 'Alan Turing' }).click();
	await page.locator('#person-name', { hasText: 'Alan Turing' }).waitFor();
	await page.locator('#person-query').fill('nobody-at-all');
	await page.getByRole('button', { name: 'Find' }).click();
	await page.locator('#matches').getByText('Nobody found for “nobody-at-all”.').waitFor();
});

test('someone unknown to the registry: their quarantined entry, re-driven from "Find a person"', async () => {
	const page = await fresh();
	await login(page, 'ops');
	// by id without an event: the registry's 404, and the entries it quarantined
	await page.locator('#person-query').fill('att_unknown_1');
	await page.locator('#person-event').fill('');
	await page.getByRole('button', { name: 'Find' }).click();
	await page.locator('#person [role=alert]').waitFor();
	await page.locator('#person tr[data-rejection]', { hasText: 'UNKNOWN_ATTENDEE' }).first().waitFor();
	// searched in the event: nobody found, and the same entries
	await page.locator('#person-event').fill(stack.eventId);
	await page.getByRole('button', { name: 'Find' }).click();
	await page.locator('#matches').getByText('Nobody found for “att_unknown_1”.').waitFor();
	const row = page.locator('#person tr[data-rejection]', { hasText: 'UNKNOWN_ATTENDEE' }).first();
	await row.waitFor();
	await accessible(page, 'person (quarantined)');
	await row.getByRole('button', { name: /^Re-drive/ }).click();
	await page.getByRole('dialog').getByRole('button', { name: 'Re-drive' }).click();
	await page.locator('#result').getByText(/Entry \d+: REJECTED UNKNOWN_ATTENDEE/).waitFor();
	await page.locator('#person tr[data-rejection]', { hasText: 'REJECTED' }).first().waitFor();
});

test('an action without its reason is not sent; reprint and annul show the service\'s answer', async () => {
	const page = await fresh();
	await login(page, 'ops');
	await page.locator('#person-query').fill(stack.admitted);
	await page.getByRole('button', { name: 'Find' }).click();
	await page.locator('#person-name').waitFor();
	// the badge job of the desk's check-in, at a printer
	const badges = page.locator('table', { has: page.locator('caption', { hasText: 'Badge jobs' }) });
	await badges.locator('tbody tr').first().waitFor();

	await page.getByRole('button', { name: 'Reprint badge' }).click();
	await page.getByRole('dialog').getByRole('button', { name: 'Reprint' }).click();
	await page.getByRole('dialog').getByRole('alert').getByText('Reason is required.').waitFor();
	await page.getByRole('dialog').getByLabel('Reason').fill('badge torn at the lanyard');
	await page.getByRole('dialog').getByRole('button', { name: 'Reprint' }).click();
	await page.locator('#result').getByText(/Reprint queued: badge job .+, credential version 2/).waitFor();
	assert.equal(await badges.locator('tbody tr').count(), 2);

	await page.getByRole('button', { name: 'Annul admission' }).click();
	await page.getByRole('dialog').getByLabel('Reason').fill('admitted by mistake');
	await page.getByRole('dialog').getByRole('button', { name: 'Annul' }).click();
	await page.locator('#result').getByText(/Admission .+ annulled/).waitFor();
	await page.getByText(/annulled by /).first().waitFor();
});

test('the areas screen follows a filling hall without a reload', async () => {
	const page = await fresh();
	await login(page, 'ops');
	await page.getByRole('link', { name: 'Areas' }).click();
	await screen(page, 'areas');
	await page.getByLabel('Event').fill(stack.eventId);
	await page.getByRole('button', { name: 'Show' }).click();
	const inside = page.locator(`tr[data-area="${stack.areaId}"] [data-inside]`);
	await inside.waitFor();
	const before = Number((await inside.innerText()).split(' ')[0]);
	await control(`/check-in/${stack.notIn[0]}`);
	await page.locator(`tr[data-area="${stack.areaId}"] [data-inside]`, { hasText: `${before + 1} of ${stack.capacity}` })
		.waitFor({ timeout: 15_000 });
	await accessible(page, 'areas');
	await screenshot(page, 'areas');
});

test('printers: fail the primary over while its queue drains; the queue moves to the backup, the job in flight is a possible duplicate', async () => {
	const page = await fresh();
	await login(page, 'ops');
	await page.getByRole('link', { name: 'Printers' }).click();
	await screen(page, 'printers');
	const primary = page.locator('tr[data-printer="primary"]');
	await primary.waitFor();
	await page.locator('tr[data-printer="backup"]').waitFor();
	// a rush at the badge desk: at 1.5 s a label the primary holds a queue
	const { attendees } = await control('/badges/12');
	await page.waitForFunction(() => Number(document.querySelector('tr[data-printer="primary"] [data-queue]')?.textContent) >= 2,
		null, { timeout: 15_000 });
	await accessible(page, 'printers');
	await screenshot(page, 'printers');
	await page.getByRole('button', { name: 'Fail over primary' }).click();
	await page.getByRole('dialog').getByLabel('Backup printer').selectOption('backup');
	await page.getByRole('dialog').getByRole('button', { name: 'Fail over' }).click();
	const answer = page.locator('#result').getByText(/jobs moved, .+ left in the old queue/);
	await answer.waitFor();
	const moved = Number((await answer.innerText()).match(/^(\d+) jobs moved/)[1]);
	assert.ok(moved >= 2, `the queue moved (${await answer.innerText()})`);
	await page.locator('tr[data-printer="primary"] [data-queue]', { hasText: /^0$/ }).waitFor({ timeout: 15_000 });
	// the job the primary had in flight may come out twice: listed to collect
	const duplicate = page.locator('#duplicates tr[data-duplicate]');
	await duplicate.first().waitFor({ timeout: 15_000 });
	// every badge of the rush comes out, the moved ones on the backup
	const printed = await page.evaluate(async (ids) => {
		const deadline = Date.now() + 60_000;
		for (;;) {
			const jobs = (await Promise.all(ids.map((id) => fetch(`/api/attendees/${id}/print-jobs`).then((r) => r.json())))).flat();
			if (jobs.length === ids.length && jobs.every((j) => j.state === 'PRINTED')) {
				return jobs.map((j) => j.printerId);
			}
			if (Date.now() > deadline) {
				return jobs.map((j) => `${j.printerId}:${j.state}`);
			}
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
	}, attendees);
	assert.equal(printed.length, attendees.length, printed.join(','));
	assert.ok(printed.every((p) => p === 'primary' || p === 'backup'), printed.join(','));
	assert.ok(printed.filter((p) => p === 'backup').length >= moved, printed.join(','));
	await accessible(page, 'printers (after failover)');
});

test('an OPS user is offered no ADMIN action, and the edge refuses one sent anyway', async () => {
	const page = await fresh();
	await login(page, 'ops');
	await page.locator('#person-query').fill(stack.notIn[1]);
	await page.getByRole('button', { name: 'Find' }).click();
	await page.locator('#person-name').waitFor();
	assert.equal(await page.getByRole('button', { name: 'New express code' }).count(), 0);
	await page.getByRole('link', { name: 'Kiosks' }).click();
	await screen(page, 'kiosks');
	await page.locator('#kiosks table').waitFor();
	assert.equal(await page.getByRole('heading', { name: 'Enrol a kiosk' }).count(), 0);
	assert.equal(await page.getByRole('button', { name: /^Revoke/ }).count(), 0);
	assert.equal(await page.getByRole('button', { name: /^Rotate/ }).count(), 0);
	await accessible(page, 'kiosks (ops)');
	// the same request the admin's form sends, from this page with its CSRF token: the edge says no
	const answer = await page.evaluate(async (eventId) => {
		const api = await import('/api.js');
		await api.me();
		try {
			await api.post('/api/enrolments', { eventId, printerPool: 'default', expiresInMinutes: 5 });
			return { status: 200 };
		} catch (e) {
			return { status: e.status, type: e.problem.type };
		}
	}, stack.eventId);
	assert.deepEqual(answer, { status: 403, type: 'https://eventops.dev/problems/forbidden' });
});

test('an admin creates an express code, enrols a kiosk and sees its one-time code and QR', async () => {
	const page = await fresh();
	await login(page, 'admin');
	// an admin is offered the express code, and gets one
	await page.locator('#person-query').fill(stack.notIn[2]);
	await page.getByRole('button', { name: 'Find' }).click();
	await page.getByRole('button', { name: 'New express code' }).click();
	await page.getByRole('dialog').getByRole('button', { name: 'Create code' }).click();
	await page.locator('#result').getByText(/Express code \S+, valid until/).waitFor();
	await page.getByRole('link', { name: 'Kiosks' }).click();
	await screen(page, 'kiosks');
	await page.locator('#kiosks table').waitFor();
	await page.getByLabel('Event').fill(stack.eventId);
	await page.getByLabel('Kiosk id').fill('kiosk-c-new');
	await page.getByLabel('Area').fill(stack.areaId);
	await page.getByRole('button', { name: 'Create enrolment code' }).click();
	await page.locator('#enrolment-code').waitFor();
	assert.match(await page.locator('#enrolment-code').innerText(), /\S{6,}/);
	const qr = page.getByRole('img', { name: /QR code of enrolment code/ });
	await qr.waitFor();
	assert.ok(await qr.evaluate((img) => img.complete && img.naturalWidth > 0), 'the QR image loads');
	await accessible(page, 'kiosks (admin)');
	await screenshot(page, 'kiosks');
});

test('quarantine: the entry of someone unknown, re-driven', async () => {
	const page = await fresh();
	await login(page, 'ops');
	await page.getByRole('link', { name: 'Quarantine' }).click();
	await screen(page, 'quarantine');
	const row = page.locator('#rejections tbody tr', { hasText: 'UNKNOWN_ATTENDEE' }).first();
	await row.waitFor();
	await accessible(page, 'quarantine');
	await screenshot(page, 'quarantine');
	await row.getByRole('button', { name: /^Re-drive/ }).click();
	await page.getByRole('dialog').getByRole('button', { name: 'Re-drive' }).click();
	await page.locator('#result').getByText(/Entry \d+: REJECTED UNKNOWN_ATTENDEE/).waitFor();
});

test('in German, every screen is accessible', async () => {
	const page = await fresh();
	await login(page, 'admin');
	await page.getByLabel('Language').selectOption('de');
	await page.locator('h1', { hasText: 'Person finden' }).waitFor();
	await accessible(page, 'Person finden');
	for (const [link, heading, name] of [['Bereiche', 'Bereiche', 'areas'], ['Kioske', 'Kioske', 'kiosks'],
		['Drucker', 'Drucker', 'printers'], ['Quarantäne', 'Quarantäne', 'quarantine']]) {
		await page.getByRole('link', { name: link, exact: true }).click();
		await screen(page, name);
		await page.locator('h1', { hasText: heading }).waitFor();
		await accessible(page, `${heading} (de)`);
	}
	assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
});
