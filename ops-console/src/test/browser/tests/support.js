// Shared by the console's browser tests: the stack's facts, Chromium, login, axe-core, screenshots.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

export async function control(path) {
	const response = await fetch(`${stack.controlUrl}${path}`, { method: 'POST' });
	const body = await response.json();
	assert.ok(response.ok, `${path}: ${JSON.stringify(body)}`);
	return body;
}

export async function launch(locale = 'en-GB') {
	const profile = mkdtempSync(join(tmpdir(), 'console-chromium-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
		headless: true,
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
			'--disable-background-networking', '--disable-component-update', '--disable-sync'],
		viewport: { width: 1280, height: 900 },
		locale,
		// axe is injected as a script tag, which the console's Content-Security-Policy refuses
		bypassCSP: true,
	});
	const page = context.pages()[0] ?? await context.newPage();
	const close = async () => {
		await context.close();
		rmSync(profile, { recursive: true, force: true });
	};
	return { context, page, close };
}

export async function screen(page, name) {
	await page.locator(`main[data-screen="${name}"] h1`).waitFor({ timeout: 30_000 });
}

export async function login(page, user) {
	await page.goto(stack.consoleUrl);
	await screen(page, 'login');
	await page.getByLabel(/User name|Benutzername/).fill(user);
	await page.getByLabel(/Password|Passwort/).fill(user === 'admin' ? stack.adminPassword : stack.opsPassword);
	await page.getByRole('button', { name: /Sign in|Anmelden/ }).click();
	await screen(page, 'person');
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
	await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
}
