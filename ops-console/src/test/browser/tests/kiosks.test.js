// The kiosks screen's ADMIN actions end to end in Chromium, against the real local suite (run.sh):
// rotate a kiosk's token (the kiosk gets the new one with its next call and then uses it), revoke
// one as RETIRE (it may flush for the grace; the list shows until when and what it held) by
// keyboard only, and one as LOST (refused at once); axe-core with each dialog open.
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

async function kiosksAsAdmin() {
	await browser.context.clearCookies();
	const page = browser.page;
	await login(page, 'admin');
	await page.getByRole('link', { name: 'Kiosks' }).click();
	await screen(page, 'kiosks');
	await page.locator('#kiosks table').waitFor();
	return page;
}

const row = (page, kioskId) => page.locator(`#kiosks tr[data-kiosk="${kioskId}"]`);

test('rotate a kiosk\'s token: confirmed first, pending until the kiosk\'s next call, then the kiosk uses the new one', async () => {
	const page = await kiosksAsAdmin();
	const kiosk = stack.rotateKiosk;
	await row(page, kiosk).getByRole('button', { name: `Rotate token of kiosk ${kiosk}` }).click();
	const dialog = page.getByRole('dialog', { name: `Rotate the token of kiosk ${kiosk}` });
	await dialog.waitFor();
	assert.match(await dialog.innerText(), /keeps working until the kiosk first uses the new one/);
	await accessible(page, 'kiosks (rotate dialog)');
	// cancelled: nothing is sent, the kiosk's next call brings no new token
	await dialog.getByRole('button', { name: 'Cancel' }).click();
	assert.equal((await control(`/kiosk-call/${kiosk}`)).newToken, false);

	await row(page, kiosk).getByRole('button', { name: `Rotate token of kiosk ${kiosk}` }).click();
	await dialog.getByRole('button', { name: 'Rotate token' }).click();
	await page.locator('#result').getByText(`New token requested for kiosk ${kiosk}`).waitFor();
	// pending: the edge delivers the new token with the kiosk's next call; rotated: the
	// kiosk's calls with it are answered
	const call = await control(`/kiosk-call/${kiosk}`);
	assert.deepEqual(call, { status: 200, type: '', newToken: true, statusWithNewToken: 200 });
	assert.equal(await row(page, kiosk).getByRole('button', { name: /^Rotate/ }).count(), 1, 'still offered: not revoked');
});

test('by keyboard only: revoke a kiosk as RETIRE; it keeps flushing for the grace, and the list says until when', async () => {
	const page = await kiosksAsAdmin();
	const kiosk = stack.retireKiosk;
	await row(page, kiosk).getByRole('button', { name: `Revoke kiosk ${kiosk}` }).focus();
	await page.keyboard.press('Enter');
	const dialog = page.getByRole('dialog', { name: `Revoke kiosk ${kiosk}` });
	await dialog.waitFor();
	// each mode says what it does
	assert.match(await dialog.getByRole('radio', { name: /RETIRE/ }).getAttribute('aria-describedby'), /description/);
	assert.match(await dialog.innerText(), /flushing what it holds for the edge's retire grace/);
	assert.match(await dialog.innerText(), /refused at once/);
	await accessible(page, 'kiosks (revoke dialog)');
	// no mode chosen: refused on the page, nothing sent
	await page.keyboard.press('Tab');
	assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Revoke');
	await page.keyboard.press('Enter');
	await dialog.getByRole('alert').getByText(/Mode/).waitFor();
	assert.equal((await control(`/kiosk-call/${kiosk}`)).status, 200);
	// the focus is back on the first mode: RETIRE
	await page.keyboard.press('Space');
	assert.ok(await dialog.getByRole('radio', { name: /RETIRE/ }).isChecked());
	await page.keyboard.press('Tab');
	await page.keyboard.press('Enter');
	await page.locator('#result').getByText(`Kiosk ${kiosk} is retiring (RETIRE): flushing until`).waitFor();
	assert.match(await page.locator('#result').innerText(), /held 2 entries at its last contact; it may flush them/);
	const cell = row(page, kiosk).locator('td.revocation');
	assert.match(await cell.innerText(), /RETIRE[\s\S]*flushing until[\s\S]*held 2 at last contact/);
	// the grace: the edge's 30 minutes between the revocation and the end of its token
	const [effectiveAt, revokedAt] = await cell.locator('time').evaluateAll((times) => times.map((t) => t.dateTime));
	assert.equal(new Date(effectiveAt).getTime() - new Date(revokedAt).getTime(), 30 * 60 * 1000);
	// within the grace the kiosk still reaches the edge; it is no longer rotated, may still be marked lost
	assert.equal((await control(`/kiosk-call/${kiosk}`)).status, 200);
	assert.equal(await row(page, kiosk).getByRole('button', { name: /^Rotate/ }).count(), 0);
	assert.equal(await row(page, kiosk).getByRole('button', { name: /^Revoke/ }).count(), 1);
	await accessible(page, 'kiosks (after RETIRE)');
});

test('revoke a kiosk as LOST: refused at once, and the list shows what it held', async () => {
	const page = await kiosksAsAdmin();
	const kiosk = stack.lostKiosk;
	await row(page, kiosk).getByRole('button', { name: `Revoke kiosk ${kiosk}` }).click();
	const dialog = page.getByRole('dialog', { name: `Revoke kiosk ${kiosk}` });
	await dialog.getByLabel(/LOST/).check();
	await dialog.getByRole('button', { name: 'Revoke' }).click();
	await page.locator('#result').getByText(`Kiosk ${kiosk} is revoked as LOST: token stopped`).waitFor();
	assert.match(await page.locator('#result').innerText(), /held 2 entries at its last contact: those are unaccounted for/);
	const call = await control(`/kiosk-call/${kiosk}`);
	assert.equal(call.status, 401);
	assert.equal(call.type, 'https://eventops.dev/problems/device-revoked');
	assert.match(await row(page, kiosk).locator('td.revocation').innerText(), /LOST[\s\S]*token stopped[\s\S]*held 2 at last contact/);
	assert.equal(await row(page, kiosk).getByRole('button').count(), 0, 'nothing left to do to a lost kiosk');
	await accessible(page, 'kiosks (after LOST)');
	await screenshot(page, 'kiosks-revoked');
});
