// Access control on the kiosk screen (#35, #36): Chromium against the agents of the policy event's
// kiosks (BrowserStack: one per direction at the main hall, an entry kiosk at the side room for 2
// and a two-way kiosk at the small room for 1, each behind a link the test can cut).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { accessible, control, launch, screen, screenshot, stack } from './support.js';

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

async function status(kiosk) {
	const response = await fetch(new URL('api/status', stack.policyKiosks[kiosk].screenUrl));
	return response.json();
}

// the kiosk's agent started (ENTRY, BOTH, EXIT, SIDE_ENTRY, SMALL_BOTH), its own area, direction
// and the event's policy learnt from the edge
async function openKiosk(page, kiosk) {
	const { areaId, direction } = stack.policyKiosks[kiosk];
	await control('POST', `/policy-kiosks/${kiosk}/start`);
	await eventually(async () => {
		const now = await status(kiosk);
		return now.areaId === areaId && now.direction === direction && now.accessControl && now.online;
	}, `the ${kiosk} kiosk knowing its area and the policy`);
	await page.goto(stack.policyKiosks[kiosk].screenUrl);
	await page.locator('main[data-screen="start"]').waitFor();
	await page.locator('#search').waitFor();
}

async function pick(page, query, name) {
	await page.locator('#search').fill(query);
	const result = page.locator('ul.results button', { hasText: name });
	await result.waitFor();
	await result.click();
	await screen(page, 'confirm');
}

// checked in at the confirmation: online it is "done", decided on the kiosk "saved"
async function admit(page, query, name) {
	await pick(page, query, name);
	await page.getByTestId('check-in').click();
	await page.locator('main[data-screen="done"], main[data-screen="saved"]').waitFor();
	await page.locator('h1', { hasText: name }).waitFor();
	await page.getByRole('button', { name: 'Done' }).click();
	await screen(page, 'start');
}

// the refusal screen of a full area, in English
async function refusedFull(page, name) {
	await screen(page, 'refused');
	await page.locator('h1', { hasText: `Sorry, ${name}, you cannot go in here` }).waitFor();
	assert.equal(await page.getByTestId('refusal').getAttribute('data-reason'), 'AREA_FULL');
	assert.equal(await page.getByTestId('refusal').textContent(), 'This area is full at the moment.');
	await page.locator('p.notice', { hasText: 'Please call staff' }).waitFor();
}

async function staffMode(page) {
	await page.getByRole('button', { name: 'Staff' }).click();
	await screen(page, 'staff-pin');
	await page.locator('#pin').fill(stack.pin);
	await page.getByRole('button', { name: 'Open staff mode' }).click();
	await screen(page, 'staff');
}

// a keyboard-wedge scanner typing the badge's credential, then Enter
async function scan(page, attendeeId) {
	await page.locator('#search').focus();
	await page.keyboard.type(`EVT1:${stack.policyEventId}:${attendeeId}:1`);
	await page.keyboard.press('Enter');
}

describe('kiosk screen under the event\'s policy', { concurrency: false }, () => {
	let browser;
	let page;

	before(async () => {
		browser = await launch();
		page = browser.page;
	});

	after(async () => {
		await browser?.close();
		for (const direction of Object.keys(stack.policyKiosks)) {
			await control('POST', `/policy-kiosks/${direction}/network/restore`).catch(() => {});
			await control('POST', `/policy-kiosks/${direction}/stop`).catch(() => {});
		}
	});

	test('a refusal in plain words, English and German, with "call staff", accessible', LONG, async () => {
		await openKiosk(page, 'ENTRY');
		// a day pass at the main hall, which admits full passes: the edge refuses it online
		await pick(page, 'katherine', 'Katherine Johnson');
		await page.getByTestId('check-in').click();
		await screen(page, 'refused');
		await page.locator('h1', { hasText: 'Sorry, Katherine Johnson, you cannot go in here' }).waitFor();
		assert.equal(await page.getByTestId('refusal').getAttribute('data-reason'), 'TICKET_NOT_VALID_HERE');
		assert.equal(await page.getByTestId('refusal').textContent(), 'Your ticket is not valid for this area.');
		await page.locator('p.notice', { hasText: 'Please call staff' }).waitFor();
		assert.equal(await page.getByTestId('decided-offline').count(), 0, 'the edge decided it, online');
		await accessible(page, 'refused');
		await screenshot(page, 'refused');
		await page.getByRole('button', { name: 'Back to start' }).click();
		await screen(page, 'start');

		await page.getByRole('button', { name: 'Deutsch' }).click();
		await page.locator('h1', { hasText: 'Willkommen' }).waitFor();
		await scan(page, 'att_p_3');
		await screen(page, 'refused');
		assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
		await page.locator('h1', { hasText: 'Leider können Sie hier nicht hinein, Dorothy Vaughan' }).waitFor();
		assert.equal(await page.getByTestId('refusal').textContent(), 'Ihr Ticket gilt nicht für diesen Bereich.');
		await page.locator('p.notice', { hasText: 'Bitte wenden Sie sich an das Personal.' }).waitFor();
		await accessible(page, 'refused (Deutsch)');
		await screenshot(page, 'refused-de');
		await page.locator('main .actions button.primary').click();
		await screen(page, 'start');
		await page.getByRole('button', { name: 'English' }).click();
		await page.locator('h1', { hasText: 'Welcome' }).waitFor();
	});

	test('offline: the kiosk decides from its cache and says so; a second scan of a ONCE ticket is refused', LONG, async () => {
		await openKiosk(page, 'ENTRY');
		await control('POST', '/policy-kiosks/ENTRY/network/cut');
		let cut = true;
		try {
			await page.locator('[data-testid="connection"].offline').waitFor(LONG);
			await pick(page, 'hedy', 'Hedy Lamarr');
			await page.getByTestId('check-in').click();
			await screen(page, 'saved');
			await page.locator('h1', { hasText: 'Saved on this kiosk, Hedy Lamarr' }).waitFor();
			assert.equal(await page.getByTestId('decided-offline').textContent(),
				'Decided on this kiosk while the network is down.');
			await accessible(page, 'admitted offline');
			await screenshot(page, 'admitted-offline');
			await page.getByRole('button', { name: 'Done' }).click();
			await screen(page, 'start');

			// the main hall admits a full pass once: the kiosk's own log says it was used
			await scan(page, 'att_p_1');
			await screen(page, 'refused');
			assert.equal(await page.getByTestId('refusal').getAttribute('data-reason'), 'ALREADY_ENTERED');
			await page.getByTestId('decided-offline').waitFor();
			await page.locator('p.notice', { hasText: 'Please call staff' }).waitFor();
			await accessible(page, 'refused offline');
			await screenshot(page, 'refused-offline');
			assert.match(await page.getByTestId('backlog').textContent(), /2 check-ins saved on this kiosk/);

			await control('POST', '/policy-kiosks/ENTRY/network/restore');
			cut = false;
			// the admission and the refusal both reach the edge
			await eventually(async () => (await status('ENTRY')).backlog === 0, 'the backlog reaching the edge', 120_000);
			await page.locator('[data-testid="connection"].online').waitFor(LONG);
			await page.getByRole('button', { name: 'Back to start' }).click();
			await screen(page, 'start');
		} finally {
			if (cut) await control('POST', '/policy-kiosks/ENTRY/network/restore');
			await control('POST', '/policy-kiosks/ENTRY/stop');
		}
	});

	test('"that was not me" annuls the admission just made, and the ticket enters again (#36)', LONG, async () => {
		await openKiosk(page, 'ENTRY');
		try {
			await pick(page, 'mary', 'Mary Jackson');
			await page.getByTestId('check-in').click();
			await page.locator('main[data-screen="done"], main[data-screen="saved"]').waitFor();
			const annul = page.getByTestId('annul');
			assert.equal(await annul.textContent(), 'That was not me / the gate did not open');
			await annul.click();
			await screen(page, 'annulled');
			await page.locator('h1', { hasText: 'Your admission is cancelled' }).waitFor();
			await accessible(page, 'admission annulled');
			await page.getByRole('button', { name: 'Done' }).click();
			await screen(page, 'start');
			// the main hall admits a full pass once, and the annulled admission counts nowhere
			await pick(page, 'mary', 'Mary Jackson');
			await page.getByTestId('check-in').click();
			await page.locator('main[data-screen="done"], main[data-screen="saved"]').waitFor();
			await page.locator('h1', { hasText: 'Mary Jackson' }).waitFor();
			await page.getByRole('button', { name: 'Done' }).click();
			await screen(page, 'start');
		} finally {
			await control('POST', '/policy-kiosks/ENTRY/stop');
		}
	});

	test('a kiosk of direction BOTH: "I am leaving" records an exit', LONG, async () => {
		await openKiosk(page, 'BOTH');
		await pick(page, 'annie', 'Annie Easley');
		assert.equal(await page.getByTestId('leaving').textContent(), 'I am leaving');
		await accessible(page, 'confirm at a two-way kiosk');
		await screenshot(page, 'confirm-both');
		await page.getByTestId('check-in').click();
		await page.locator('main[data-screen="done"], main[data-screen="saved"]').waitFor();
		await page.locator('h1', { hasText: 'Annie Easley' }).waitFor();
		await page.getByRole('button', { name: 'Done' }).click();
		await screen(page, 'start');

		// checked in, and on the way out: the confirmation is offered again, not "already checked in"
		await pick(page, 'annie', 'Annie Easley');
		await page.getByTestId('leaving').click();
		await screen(page, 'exit');
		await page.locator('h1', { hasText: 'Goodbye, Annie Easley!' }).waitFor();
		await page.locator('p', { hasText: 'Your exit is recorded.' }).waitFor();
		await accessible(page, 'exit');
		await screenshot(page, 'exit');
		await page.getByRole('button', { name: 'Done' }).click();
		await screen(page, 'start');
		await control('POST', '/policy-kiosks/BOTH/stop');
	});

	test('a kiosk of direction EXIT says it records exits, and records one', LONG, async () => {
		await openKiosk(page, 'EXIT');
		await page.getByTestId('exit-kiosk').waitFor();
		assert.equal(await page.locator('h1').textContent(), 'Leaving? This kiosk records exits');
		await accessible(page, 'exit kiosk start');
		await screenshot(page, 'start-exit-kiosk');
		await pick(page, 'radia', 'Radia Perlman');
		assert.equal(await page.getByTestId('leaving').count(), 0);
		assert.equal(await page.getByTestId('record-exit').textContent(), 'Yes, record my exit');
		await page.getByTestId('record-exit').click();
		await screen(page, 'exit');
		await page.locator('h1', { hasText: 'Goodbye, Radia Perlman!' }).waitFor();
		await page.getByRole('button', { name: 'Done' }).click();
		await page.getByTestId('exit-kiosk').waitFor();
		await control('POST', '/policy-kiosks/EXIT/stop');
	});

	test('a full area: the kiosk admits within its allowance, then refuses AREA_FULL in plain words; staff mode shows the allowance used up (#36)', LONG, async () => {
		await openKiosk(page, 'SIDE_ENTRY');
		try {
			// the side room holds 2, and its one kiosk's allowance is both places
			await admit(page, 'lise', 'Lise Meitner');
			await admit(page, 'emmy', 'Emmy Noether');
			await pick(page, 'chien', 'Chien-Shiung Wu');
			await page.getByTestId('check-in').click();
			await refusedFull(page, 'Chien-Shiung Wu');
			await accessible(page, 'refused, area full');
			await page.getByRole('button', { name: 'Back to start' }).click();
			await screen(page, 'start');

			// the same refusal in German, from the message file the kiosk serves
			const german = await (await fetch(new URL('messages/de.json', stack.policyKiosks.SIDE_ENTRY.screenUrl))).json();
			assert.equal(typeof german['refused.AREA_FULL'], 'string', 'de.json has refused.AREA_FULL');
			await page.getByRole('button', { name: 'Deutsch' }).click();
			await page.locator('h1', { hasText: 'Willkommen' }).waitFor();
			await scan(page, 'att_s_3');
			await screen(page, 'refused');
			assert.equal(await page.getByTestId('refusal').getAttribute('data-reason'), 'AREA_FULL');
			assert.equal(await page.getByTestId('refusal').textContent(), german['refused.AREA_FULL']);
			assert.equal(german['refused.AREA_FULL'], 'Dieser Bereich ist gerade voll.');
			await page.locator('p.notice', { hasText: 'Bitte wenden Sie sich an das Personal.' }).waitFor();
			await accessible(page, 'refused, area full (Deutsch)');
			await page.locator('main .actions button.primary').click();
			await screen(page, 'start');
			await page.getByRole('button', { name: 'English' }).click();
			await page.locator('h1', { hasText: 'Welcome' }).waitFor();

			// staff mode: no place left in the allowance; inside now as the server counts it
			// once the kiosk's entries reached it
			await staffMode(page);
			await eventually(async () => {
				await page.getByTestId('force-flush').click();
				await page.getByTestId('staff-note').waitFor();
				const allowance = await page.getByTestId('staff-allowance').textContent();
				const occupancy = await page.getByTestId('staff-occupancy').textContent();
				assert.match(allowance, /^0 places left at side-room \(lease until .+\)$/);
				assert.equal(occupancy, '2 of 2 (today 2 in, 0 out)');
				return true;
			}, 'staff mode showing the side room full', 60_000);
			await accessible(page, 'staff, allowance used up');
			await page.getByRole('button', { name: 'Leave staff mode' }).click();
			await screen(page, 'start');
		} finally {
			await control('POST', '/policy-kiosks/SIDE_ENTRY/stop');
		}
	});

	test('exit mode with an allowance: at a two-way kiosk of a room for one, "I am leaving" gives the place back (#36)', LONG, async () => {
		await openKiosk(page, 'SMALL_BOTH');
		let cut = false;
		try {
			await admit(page, 'rosalind', 'Rosalind Franklin');
			await pick(page, 'barbara', 'Barbara McClintock');
			await page.getByTestId('check-in').click();
			await refusedFull(page, 'Barbara McClintock');
			await accessible(page, 'refused, room for one full');
			await page.getByRole('button', { name: 'Back to start' }).click();
			await screen(page, 'start');

			await pick(page, 'rosalind', 'Rosalind Franklin');
			await page.getByTestId('leaving').click();
			await screen(page, 'exit');
			await page.locator('h1', { hasText: 'Goodbye, Rosalind Franklin!' }).waitFor();
			await accessible(page, 'exit from a room for one');
			await page.getByRole('button', { name: 'Done' }).click();
			await screen(page, 'start');
			// online the edge decides with the server's inside-now, which knows the exit once the
			// kiosk flushed it (at once; waited for, so the test does not race the flush)
			await eventually(async () => (await status('SMALL_BOTH')).backlog === 0, 'the exit reaching the edge');
			await admit(page, 'barbara', 'Barbara McClintock');

			// offline only the kiosk's allowance counts: an exit here gives its place back there
			await control('POST', '/policy-kiosks/SMALL_BOTH/network/cut');
			cut = true;
			await page.locator('[data-testid="connection"].offline').waitFor(LONG);
			await pick(page, 'barbara', 'Barbara McClintock');
			await page.getByTestId('leaving').click();
			await screen(page, 'exit');
			await page.getByRole('button', { name: 'Done' }).click();
			await screen(page, 'start');
			await pick(page, 'rosalind', 'Rosalind Franklin');
			await page.getByTestId('check-in').click();
			await screen(page, 'saved');
			await page.locator('h1', { hasText: 'Saved on this kiosk, Rosalind Franklin' }).waitFor();
			await page.getByTestId('decided-offline').waitFor();
			await page.getByRole('button', { name: 'Done' }).click();
			await screen(page, 'start');
			await pick(page, 'barbara', 'Barbara McClintock');
			await page.getByTestId('check-in').click();
			await refusedFull(page, 'Barbara McClintock');
			await page.getByTestId('decided-offline').waitFor();
			await accessible(page, 'refused offline, room for one full');
			await page.getByRole('button', { name: 'Back to start' }).click();
			await screen(page, 'start');

			await control('POST', '/policy-kiosks/SMALL_BOTH/network/restore');
			cut = false;
			await eventually(async () => (await status('SMALL_BOTH')).backlog === 0, 'the backlog reaching the edge', 120_000);
		} finally {
			if (cut) await control('POST', '/policy-kiosks/SMALL_BOTH/network/restore');
			await control('POST', '/policy-kiosks/SMALL_BOTH/stop');
		}
	});
});
