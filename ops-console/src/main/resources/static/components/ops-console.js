// The console's shell: login, then the navigation between the screens, the user and role, the
// language, and logout. A screen gets {t, me, language} and draws itself.
import * as api from '../api.js';
import { LANGUAGES, load, preferredLanguage, remember } from '../i18n.js';
import { esc, problemHtml, translator } from '../dom.js';
import './person-screen.js';
import './areas-screen.js';
import './kiosks-screen.js';
import './printers-screen.js';
import './quarantine-screen.js';

// in the issue's order of screens
const SCREENS = [
	{ route: 'person', element: 'person-screen', label: 'nav.person' },
	{ route: 'areas', element: 'areas-screen', label: 'nav.areas' },
	{ route: 'kiosks', element: 'kiosks-screen', label: 'nav.kiosks' },
	{ route: 'printers', element: 'printers-screen', label: 'nav.printers' },
	{ route: 'quarantine', element: 'quarantine-screen', label: 'nav.quarantine' },
];

class OpsConsole extends HTMLElement {
	async connectedCallback() {
		this.language = preferredLanguage();
		this.t = translator(await load(this.language));
		window.addEventListener('hashchange', () => this.route());
		// a service answered 401: the session is gone (logged out elsewhere, expired)
		window.addEventListener('ops-console:unauthorized', () => this.loggedOut());
		try {
			this.me = await api.me();
		} catch {
			this.me = null;
		}
		this.render();
	}

	async setLanguage(language) {
		this.language = language;
		remember(language);
		this.t = translator(await load(language));
		this.render();
	}

	loggedOut() {
		this.me = null;
		this.render();
	}

	render() {
		document.documentElement.lang = this.language;
		document.title = this.t('app.title');
		if (!this.me) {
			this.renderLogin();
		} else {
			this.renderShell();
			this.route();
		}
	}

	languagePicker() {
		return `<label class="language"><span>${esc(this.t('language.label'))}</span>
			<select id="language">${LANGUAGES.map((l) => `<option value="${l}"${l === this.language ? ' selected' : ''}>${esc(this.t(`language.${l}`))}</option>`).join('')}</select></label>`;
	}

	renderLogin() {
		const t = this.t;
		this.innerHTML = `<header class="top"><p class="brand">${esc(t('app.title'))}</p>${this.languagePicker()}</header>
		<main id="main" data-screen="login" class="login">
			<h1>${esc(t('login.heading'))}</h1>
			<form id="login-form" novalidate>
				<p class="field"><label for="username">${esc(t('login.username'))}</label>
					<input id="username" name="username" autocomplete="username" required aria-required="true"></p>
				<p class="field"><label for="password">${esc(t('login.password'))}</label>
					<input id="password" name="password" type="password" autocomplete="current-password" required aria-required="true"></p>
				<div id="login-error" role="alert"></div>
				<button type="submit" class="primary">${esc(t('login.submit'))}</button>
			</form>
		</main>`;
		this.querySelector('#language').addEventListener('change', (e) => this.setLanguage(e.target.value));
		const form = this.querySelector('#login-form');
		form.addEventListener('submit', async (event) => {
			event.preventDefault();
			const error = this.querySelector('#login-error');
			error.innerHTML = '';
			try {
				await api.login(form.elements.username.value.trim(), form.elements.password.value);
				this.me = await api.me();
				if (!location.hash) {
					location.hash = '#/person';
				}
				this.render();
			} catch (e) {
				error.innerHTML = problemHtml(t, e);
				form.elements.password.value = '';
				form.elements.password.focus();
			}
		});
		this.querySelector('#username').focus();
	}

	renderShell() {
		const t = this.t;
		this.innerHTML = `<a class="skip" href="#main">${esc(t('skip.main'))}</a>
		<header class="top">
			<p class="brand">${esc(t('app.title'))}</p>
			<nav aria-label="${esc(t('nav.label'))}"><ul>${SCREENS.map((s) => `<li><a href="#/${s.route}" data-route="${s.route}">${esc(t(s.label))}</a></li>`).join('')}</ul></nav>
			<p class="who">${esc(t('who', { user: this.me.username, role: t(`role.${this.me.role}`) }))}</p>
			${this.languagePicker()}
			<button type="button" id="logout">${esc(t('logout'))}</button>
		</header>
		<main id="main" tabindex="-1"></main>`;
		this.querySelector('.skip').addEventListener('click', (event) => {
			event.preventDefault();
			this.querySelector('#main').focus();
		});
		this.querySelector('#language').addEventListener('change', (e) => this.setLanguage(e.target.value));
		this.querySelector('#logout').addEventListener('click', async () => {
			try {
				await api.logout();
			} finally {
				this.loggedOut();
			}
		});
	}

	route() {
		if (!this.me) {
			return;
		}
		const name = (location.hash.match(/^#\/(\w+)/) ?? [])[1];
		const screen = SCREENS.find((s) => s.route === name) ?? SCREENS[0];
		const main = this.querySelector('#main');
		if (main.dataset.screen === screen.route && main.firstElementChild) {
			return;
		}
		main.dataset.screen = screen.route;
		for (const link of this.querySelectorAll('nav a')) {
			if (link.dataset.route === screen.route) {
				link.setAttribute('aria-current', 'page');
			} else {
				link.removeAttribute('aria-current');
			}
		}
		const element = document.createElement(screen.element);
		main.replaceChildren(element);
		element.setup({ t: this.t, me: this.me, language: this.language, query: new URLSearchParams(location.hash.split('?')[1] ?? '') });
		const heading = main.querySelector('h1');
		if (heading && name) {
			heading.setAttribute('tabindex', '-1');
			heading.focus();
		}
	}
}

customElements.define('ops-console', OpsConsole);
