// Shared by the browser tests: the stack's facts, its control API, Chromium, axe-core, screenshots.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const stack = JSON.parse(readFileSync(process.env.STACK_FILE, 'utf8'));
const screenshots = process.env.SCREENSHOTS;
mkdirSync(screenshots, { recursive: true });

export async function control(method, path) {
	const response = await fetch(`${stack.controlUrl}${path}`, { method });
	const body = await response.json();
	assert.ok(response.ok, `${method} ${path}: ${JSON.stringify(body)}`);
	return body;
}

export async function reconciled(attendeeId) {
	return control('GET', `/attendees/${attendeeId}`);
}

// a fresh profile every launch: a restarted browser knows nothing the agent did not keep
export async function launch() {
	const profile = mkdtempSync(join(tmpdir(), 'kiosk-chromium-'));
	// Playwright passes the fresh profile as --user-data-dir
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
		headless: true,
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
			'--disable-background-networking', '--disable-component-update', '--disable-sync'],
		viewport: { width: 900, height: 720 },
		locale: 'en-GB',
		// axe is injected as a script tag, which the screen's Content-Security-Policy refuses
		bypassCSP: true,
	});
	const page = context.pages()[0] ?? await context.newPage();
	const close = async () => {
		await context.close();
		rmSync(profile, { recursive: true, force: true });
	};
	return { context, page, close };
}

export async function open(page) {
	await page.goto(stack.screenUrl);
	await page.locator('main[data-screen="start"]').waitFor();
	await page.locator('#search').waitFor();
}

// axe-core on the current screen, WCAG 2.0–2.2 A and AA; serious and critical violations fail
export async function accessible(page, name) {
	await page.addScriptTag({ content: axeSource });
	const result = await page.evaluate(() => window.axe.run(document, {
		runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
	}));
	const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
	assert.deepEqual(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`), [],
		`accessibility violations on ${name}`);
}

export async function screenshot(page, name) {
	await page.screenshot({ path: join(screenshots, `${name}.png`) });
}

export async function screen(page, name) {
	await page.locator(`main[data-screen="${name}"]`).waitFor({ timeout: 30_000 });
}
