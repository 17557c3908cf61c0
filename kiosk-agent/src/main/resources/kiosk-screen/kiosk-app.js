// <kiosk-app>: the attendee's check-in flow and staff mode, one screen at a time. Every screen
// has one h1 that takes focus when it appears, results and confirmations are announced through
// live regions, and everything works with a keyboard or a keyboard-wedge scanner alone.
import { call, setStaffToken } from './api.js';
import { format, load } from './i18n.js';

const IDLE_COUNTDOWN_SECONDS = 20;
const STATUS_POLL_MS = 3000;
const BADGE_POLL_MS = 2000;
const CROCKFORD = /^[0-9A-HJKMNP-TV-Z]{10}$/;

function h(tag, attributes = {}, ...children) {
	const element = document.createElement(tag);
	for (const [name, value] of Object.entries(attributes)) {
		if (value === undefined || value === null || value === false) continue;
		if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
		else if (name === 'text') element.textContent = value;
		else element.setAttribute(name, value === true ? '' : value);
	}
	for (const child of children.flat()) {
		if (child !== null && child !== undefined && child !== false) {
			element.append(child instanceof Node ? child : document.createTextNode(String(child)));
		}
	}
	return element;
}

function submissionId() {
	return crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

class KioskApp extends HTMLElement {
	connectedCallback() {
		this.language = 'en';
		this.messages = {};
		this.status = null;
		this.screen = null;
		this.timers = new Set();
		this.searchSerial = 0;
		this.lastInput = Date.now();
		for (const type of ['keydown', 'pointerdown', 'input']) {
			document.addEventListener(type, () => this.touch(), true);
		}
		document.addEventListener('keydown', (event) => this.redirectTyping(event));
		this.start();
	}

	async start() {
		try {
			this.status = await call('GET', '/api/status');
			this.language = this.status.language;
		} catch (error) {
			this.status = null;
		}
		await this.setLanguage(this.language);
		this.renderChrome();
		if (this.status?.firstRun) {
			// not enrolled yet (#37): the first-run page until the agent serves the screen
			this.showFirstRun();
			return;
		}
		this.showStart();
		setInterval(() => this.refreshStatus(), STATUS_POLL_MS);
		setInterval(() => this.checkIdle(), 1000);
	}

	t(key, values) {
		return format(this.messages, key, values);
	}

	async setLanguage(language) {
		this.language = language;
		this.messages = await load(language);
		document.documentElement.lang = language;
		document.title = this.t('app.title');
	}

	// --- frame: skip link, status bar, main, announcer, idle dialog ---

	renderChrome() {
		this.replaceChildren();
		this.bar = h('header', { class: 'bar' });
		this.main = h('main', { id: 'main' });
		this.announcer = h('div', { class: 'sr-only', 'aria-live': 'assertive', role: 'status' });
		this.append(h('a', { class: 'skip', href: '#main', text: this.t('skip.main') }), this.bar, this.main,
			this.announcer);
		this.renderBar();
	}

	renderBar() {
		const status = this.status;
		if (status?.firstRun) {
			this.bar.replaceChildren(h('span', { class: 'kiosk' }, this.t('firstrun.bar')));
			return;
		}
		const online = status?.online ?? false;
		const pill = h('span', { class: `pill ${online ? 'online' : 'offline'}`, 'data-testid': 'connection' },
			this.t(online ? 'status.online' : 'status.offline'));
		const backlog = status && status.backlog > 0
			? h('span', { class: 'backlog', 'data-testid': 'backlog' }, this.t(status.backlog === 1 ? 'status.backlog.one' : 'status.backlog', { n: status.backlog }))
			: null;
		this.bar.replaceChildren(h('span', { class: 'kiosk' }, status?.kioskId ?? ''),
			h('div', { role: 'status', 'aria-live': 'polite' }, pill, ' ', backlog));
	}

	async refreshStatus() {
		const exit = this.exitKiosk();
		try {
			this.status = await call('GET', '/api/status');
		} catch (error) {
			this.status = { ...(this.status ?? {}), online: false };
		}
		this.renderBar();
		// the kiosk learnt (or changed) its direction: an untouched start screen follows
		if (exit !== this.exitKiosk() && this.screen === 'start' && (this.main.querySelector('#search')?.value ?? '') === '') {
			this.showStart();
		}
	}

	show(name, ...content) {
		for (const timer of this.timers) clearInterval(timer);
		this.timers.clear();
		this.screen = name;
		this.main.dataset.screen = name;
		this.main.replaceChildren(...content.filter((child) => child !== null && child !== undefined && child !== false));
		const heading = this.main.querySelector('h1');
		const focus = this.main.querySelector('[data-autofocus]') ?? heading;
		if (heading) heading.tabIndex = -1;
		focus?.focus();
	}

	announce(text) {
		this.announcer.textContent = '';
		setTimeout(() => { this.announcer.textContent = text; }, 50);
	}

	every(ms, work) {
		const timer = setInterval(work, ms);
		this.timers.add(timer);
		work();
	}

	// --- start: search, scan, express, language, staff ---

	showStart() {
		setStaffToken(null);
		const input = h('input', {
			id: 'search', type: 'search', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'search-hint',
			'aria-controls': 'results', 'data-autofocus': true,
			oninput: () => this.search(input.value),
			onkeydown: (event) => { if (event.key === 'Enter') { event.preventDefault(); this.enter(input.value); } },
		});
		this.results = h('ul', { id: 'results', class: 'results' });
		this.resultsCount = h('p', { 'aria-live': 'polite', role: 'status', id: 'results-count' });
		const other = this.language === 'en' ? 'de' : 'en';
		const starting = this.status && !this.status.ready
			? h('p', { class: 'notice' }, this.t('status.starting')) : null;
		const exit = this.exitKiosk();
		this.show('start',
			h('h1', { 'data-testid': exit ? 'exit-kiosk' : null, text: this.t(exit ? 'start.exit.heading' : 'start.heading') }),
			starting,
			h('label', { for: 'search', text: this.t('start.search.label') }),
			input,
			h('p', { class: 'hint', id: 'search-hint', text: this.t(exit ? 'start.exit.hint' : 'start.search.hint') }),
			this.resultsCount,
			this.results,
			h('div', { class: 'actions' },
				h('button', { type: 'button', onclick: () => this.showExpress(), text: this.t('start.express') }),
				h('button', {
					type: 'button', lang: other, onclick: async () => { await this.setLanguage(other); this.renderChrome(); this.showStart(); },
					text: this.t('start.language'),
				}),
				h('button', { type: 'button', onclick: () => this.showPin(), text: this.t('start.staff') })));
	}

	redirectTyping(event) {
		if (this.screen === 'first-run' && !event.ctrlKey && !event.altKey && !event.metaKey && event.key.length === 1
			&& !(document.activeElement instanceof HTMLInputElement)
			&& !(document.activeElement instanceof HTMLButtonElement && event.key === ' ')) {
			// a scanned enrolment code (its QR, or a bar code) goes to the code field
			this.main.querySelector('#enrol-code')?.focus();
			return;
		}
		// a scanner types wherever the focus is: on the start screen every key goes to the search
		if (this.screen !== 'start' || event.ctrlKey || event.altKey || event.metaKey) return;
		const input = this.main.querySelector('#search');
		if (input && document.activeElement !== input && event.key.length === 1
			&& !(document.activeElement instanceof HTMLButtonElement && event.key === ' ')) {
			input.focus();
		}
	}

	async search(query) {
		const serial = ++this.searchSerial;
		if (query.trim() === '' || query.startsWith('EVT1:')) {
			this.results.replaceChildren();
			this.resultsCount.textContent = '';
			this.found = [];
			return;
		}
		let answer;
		try {
			answer = await call('GET', `/api/search?q=${encodeURIComponent(query)}`);
		} catch (error) {
			return;
		}
		if (serial !== this.searchSerial || this.screen !== 'start') return;
		// an answer can come after the user has moved on to its results (a slow search, then Tab):
		// keep the focus on the attendee it was on, so that keyboard and screen reader users are
		// not thrown back to the top of the page by a re-render
		const focused = document.activeElement?.dataset?.attendee;
		this.found = answer.results;
		this.results.replaceChildren(...answer.results.map((attendee) => h('li', {},
			h('button', { type: 'button', 'data-attendee': attendee.attendeeId, onclick: () => this.showConfirm(attendee) },
				h('span', { class: 'name' }, attendee.displayName ?? attendee.attendeeId),
				attendee.company ? h('span', { class: 'company' }, attendee.company) : null,
				attendee.checkedIn ? h('span', { class: 'tag' }, this.t('search.result.checkedIn')) : null))));
		if (focused) this.results.querySelector(`button[data-attendee="${CSS.escape(focused)}"]`)?.focus();
		const n = answer.results.length;
		this.resultsCount.textContent = n === 0 ? this.t('search.results.none', { q: query })
			: this.t(n === 1 ? 'search.results.one' : 'search.results.count', { n });
	}

	enter(text) {
		const value = text.trim();
		if (value === '') return;
		if (value.startsWith('EVT1:')) {
			this.submit(() => call('POST', '/api/scans', { text: value }));
		} else if (this.found?.length === 1) {
			this.showConfirm(this.found[0]);
		} else if (/^[A-Za-z0-9_.:-]{1,64}$/.test(value) && /[0-9_]/.test(value)) {
			// a printed ticket's bar code: the attendee id, scanned and Enter
			this.submit(() => call('POST', '/api/scans', { text: value }));
		}
	}

	// --- where the kiosk stands (#35): its area and direction, from the agent's status ---

	// an EXIT kiosk records exits only: every scan is one, never refused
	exitKiosk() {
		return Boolean(this.status?.areaId) && this.status?.direction === 'EXIT';
	}

	// a BOTH kiosk lets the attendee say they are leaving
	twoWayKiosk() {
		return Boolean(this.status?.areaId) && this.status?.direction === 'BOTH';
	}

	// --- confirm and check in ---

	showConfirm(attendee) {
		// under the event's policy a checked-in attendee may go in again (or out): the
		// policy decides, not the check-in
		if (attendee.checkedIn && !this.status?.accessControl) {
			this.showAlready(attendee);
			return;
		}
		const pass = (leaving) => this.submit(() => call('POST', '/api/check-ins',
			leaving ? { attendeeId: attendee.attendeeId, leaving: true } : { attendeeId: attendee.attendeeId }));
		const exit = this.exitKiosk();
		this.show('confirm',
			h('h1', { text: this.t('confirm.heading') }),
			h('div', { class: 'card' },
				h('div', { class: 'name' }, attendee.displayName ?? attendee.attendeeId),
				attendee.company ? h('div', {}, attendee.company) : null),
			h('div', { class: 'actions' },
				h('button', {
					type: 'button', class: 'primary', 'data-autofocus': true, 'data-testid': exit ? 'record-exit' : 'check-in',
					onclick: () => pass(false),
					text: this.t(exit ? 'confirm.exit' : 'confirm.checkin'),
				}),
				this.twoWayKiosk()
					? h('button', { type: 'button', 'data-testid': 'leaving', onclick: () => pass(true), text: this.t('leaving') })
					: null,
				h('button', { type: 'button', onclick: () => this.showStart(), text: this.t('confirm.back') })));
	}

	async submit(request) {
		this.show('working', h('h1', { 'aria-busy': 'true', text: this.t('working') }));
		try {
			const receipt = await request();
			if (receipt.entryType === 'REFUSED') {
				// the event's rules refused it: recorded for audit, the attendee stays out
				this.showRefused(receipt);
			} else if (receipt.outcome === 'REJECTED') {
				this.showProblem('REJECTED');
			} else if (receipt.delivery === 'ASK_STAFF') {
				// kept on this kiosk as a dead letter: it will not be sent by itself
				this.showProblem('ASK_STAFF');
			} else {
				this.showDone(receipt);
			}
		} catch (error) {
			if (error.kind === 'already-checked-in' && error.problem.attendee) {
				this.showAlready(error.problem.attendee);
			} else {
				this.showProblem(error.kind);
			}
		}
		this.refreshStatus();
	}

	// an admission or a refusal the kiosk decided from its cache says so (#35)
	offlineMark(receipt) {
		return receipt.decidedOffline
			? h('p', { class: 'notice', 'data-testid': 'decided-offline', text: this.t('decision.offline') })
			: null;
	}

	showRefused(receipt) {
		const name = receipt.attendee.displayName ?? receipt.attendee.attendeeId;
		const reason = receipt.refusal?.reason ?? 'RULE';
		const heading = this.t('refused.heading', { name });
		const message = this.t(`refused.${reason}`, { explanation: receipt.refusal?.explanation ?? '' });
		this.show('refused',
			h('h1', { class: 'bad', text: heading }),
			h('p', { 'data-testid': 'refusal', 'data-reason': reason, text: message }),
			h('p', { class: 'notice', text: this.t('refused.call') }),
			this.offlineMark(receipt),
			h('div', { class: 'actions' },
				h('button', { type: 'button', class: 'primary', 'data-autofocus': true, onclick: () => this.showStart(), text: this.t('problem.back') })));
		this.announce(`${heading}. ${message} ${this.t('refused.call')}`);
	}

	showDone(receipt) {
		const name = receipt.attendee.displayName ?? receipt.attendee.attendeeId;
		if (receipt.entryType === 'EXIT') {
			const bye = this.t('exit.heading', { name });
			this.show('exit',
				h('h1', { class: 'ok', text: bye }),
				h('p', { text: this.t('exit.text') }),
				h('div', { class: 'actions' },
					h('button', { type: 'button', class: 'primary', 'data-autofocus': true, onclick: () => this.showStart(), text: this.t('done.finish') })));
			this.announce(bye);
			return;
		}
		const saved = receipt.delivery === 'SAVED_ON_KIOSK';
		const heading = this.t(saved ? 'done.saved.heading' : 'done.heading', { name });
		const badge = h('p', { class: 'badge-status', 'data-testid': 'badge-status', 'aria-live': 'polite', role: 'status' });
		this.show(saved ? 'saved' : 'done',
			h('h1', { class: saved ? '' : 'ok', text: heading }),
			h('p', { class: saved ? 'notice' : '', text: this.t(saved ? 'done.saved.text' : 'done.delivered.text') }),
			this.offlineMark(receipt),
			h('h2', { text: this.t('badge.heading') }),
			badge,
			h('div', { class: 'actions' },
				h('button', { type: 'button', class: 'primary', onclick: () => this.showStart(), text: this.t('done.finish') }),
				this.annulButton(receipt)));
		this.announce(heading);
		let last = null;
		this.every(BADGE_POLL_MS, async () => {
			try {
				const status = await call('GET', `/api/attendees/${encodeURIComponent(receipt.attendee.attendeeId)}/badge`);
				if (status.status !== last) {
					last = status.status;
					badge.dataset.status = status.status;
					badge.textContent = this.t(`badge.${status.status}`, { printer: status.printerId ?? '' });
				}
			} catch (error) {
				// the agent answers again shortly: keep the last status on screen
			}
		});
	}

	// "that was not me" / "the gate did not open" (#36): this kiosk's admission may be
	// annulled here until annulUntil
	annulButton(receipt) {
		if (receipt.entryType !== 'CHECK_IN' || !receipt.annulUntil || !receipt.idempotencyKey
			|| new Date(receipt.annulUntil).getTime() <= Date.now()) {
			return null;
		}
		return h('button', {
			type: 'button', 'data-testid': 'annul',
			onclick: async () => {
				try {
					await call('POST', '/api/annulments', { attendeeId: receipt.attendee.attendeeId, idempotencyKey: receipt.idempotencyKey });
					this.showAnnulled(receipt);
				} catch (error) {
					this.showAnnulled(receipt, error);
				}
			},
			text: this.t('done.annul'),
		});
	}

	showAnnulled(receipt, error) {
		const heading = this.t(error ? 'annulled.failed.heading' : 'annulled.heading');
		this.show('annulled',
			h('h1', { text: heading }),
			h('p', { text: this.t(error ? 'annulled.failed.text' : 'annulled.text') }),
			h('div', { class: 'actions' },
				h('button', { type: 'button', class: 'primary', 'data-autofocus': true, onclick: () => this.showStart(), text: this.t('done.finish') })));
		this.announce(heading);
	}

	when(iso) {
		if (!iso) return null;
		const date = new Date(iso);
		return Number.isNaN(date.getTime()) ? null
			: new Intl.DateTimeFormat(this.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
	}

	where(source) {
		if (!source) return this.t('none');
		if (source === 'desk') return this.t('already.where.desk');
		if (source === 'express' || source.startsWith('express')) return this.t('already.where.express');
		return source;
	}

	showAlready(attendee) {
		const name = attendee.displayName ?? attendee.attendeeId;
		const when = this.when(attendee.checkedInAt);
		const heading = this.t('already.heading', { name });
		this.show('already',
			h('h1', { text: heading }),
			h('p', { 'data-testid': 'already-when' }, when
				? this.t('already.text', { when, where: this.where(attendee.checkedInBy) })
				: this.t('already.text.nowhen', { where: this.where(attendee.checkedInBy) })),
			h('p', { class: 'notice', text: this.t('already.reprint') }),
			h('div', { class: 'actions' },
				h('button', { type: 'button', class: 'primary', 'data-autofocus': true, onclick: () => this.showStart(), text: this.t('done.finish') })));
		this.announce(heading);
	}

	showProblem(kind) {
		const key = `problem.${kind}`;
		const message = key in this.messages ? this.t(key) : this.t('problem.kiosk-error');
		this.show('problem',
			h('h1', { class: 'bad', text: this.t('problem.heading') }),
			h('p', { 'data-testid': 'problem', 'data-kind': kind, text: message }),
			h('p', { class: 'notice', text: this.t('problem.call') }),
			h('div', { class: 'actions' },
				h('button', { type: 'button', class: 'primary', 'data-autofocus': true, onclick: () => this.showStart(), text: this.t('problem.back') })));
		this.announce(`${this.t('problem.heading')}. ${message} ${this.t('problem.call')}`);
	}

	// --- express codes: online only, one clientSubmissionId per attempt, reused on retry ---

	showExpress() {
		const input = h('input', {
			id: 'express', type: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false',
			'aria-describedby': 'express-hint', 'data-autofocus': true, maxlength: '64',
		});
		const form = h('form', {
			onsubmit: (event) => { event.preventDefault(); this.redeem(input.value); },
		},
		h('label', { for: 'express', text: this.t('express.label') }),
		input,
		h('p', { class: 'hint', id: 'express-hint', text: this.t('express.hint') }),
		h('div', { class: 'actions' },
			h('button', { type: 'submit', class: 'primary', text: this.t('express.submit') }),
			h('button', { type: 'button', onclick: () => this.showStart(), text: this.t('express.back') })));
		this.show('express', h('h1', { text: this.t('express.heading') }), form);
	}

	async redeem(typed) {
		// as people type it: case, dashes and spaces do not matter; the agent and the edge read
		// I and L as 1 and O as 0 (Crockford)
		const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
		if (!CROCKFORD.test(code)) {
			this.showProblem('malformed-express-code');
			return;
		}
		const stored = JSON.parse(sessionStorage.getItem('express-attempt') ?? 'null');
		const attempt = stored?.code === code ? stored : { code, id: submissionId() };
		sessionStorage.setItem('express-attempt', JSON.stringify(attempt));
		this.show('working', h('h1', { 'aria-busy': 'true', text: this.t('working') }));
		try {
			const answer = await call('POST', '/api/express-codes', { code: typed, clientSubmissionId: attempt.id });
			sessionStorage.removeItem('express-attempt');
			const names = answer.attendees.map((a) => a.displayName ?? a.attendeeId).join(', ');
			const heading = this.t('express.done.heading');
			this.show('express-done',
				h('h1', { class: 'ok', text: heading }),
				h('p', { 'data-testid': 'express-names', text: this.t('express.done.text', { names }) }),
				h('div', { class: 'actions' },
					h('button', { type: 'button', class: 'primary', 'data-autofocus': true, onclick: () => this.showStart(), text: this.t('done.finish') })));
			this.announce(`${heading}. ${names}`);
		} catch (error) {
			if (error.kind !== 'network' && error.kind !== 'express-offline' && error.kind !== 'in-flight') {
				// a final answer: the next try is a new attempt
				sessionStorage.removeItem('express-attempt');
			}
			this.showProblem(error.kind);
		}
	}

	// --- first run (#37): enrol this kiosk with its one-time code, typed or scanned ---

	showFirstRun(problem, typedCode = '', typedLabel = '') {
		const code = h('input', {
			id: 'enrol-code', type: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false',
			'aria-describedby': problem ? 'enrol-code-hint enrol-problem' : 'enrol-code-hint',
			'aria-invalid': problem ? 'true' : null, 'data-autofocus': true, maxlength: '64', value: typedCode,
		});
		const label = h('input', {
			id: 'enrol-label', type: 'text', autocomplete: 'off', maxlength: '100', 'aria-describedby': 'enrol-label-hint',
			value: typedLabel,
		});
		const other = this.language === 'en' ? 'de' : 'en';
		const form = h('form', {
			onsubmit: (event) => { event.preventDefault(); this.enrol(code.value, label.value); },
		},
		h('label', { for: 'enrol-code', text: this.t('firstrun.code.label') }),
		code,
		h('p', { class: 'hint', id: 'enrol-code-hint', text: this.t('firstrun.code.hint') }),
		problem ? h('p', { id: 'enrol-problem', class: 'bad', role: 'alert', 'data-testid': 'enrol-problem', text: problem }) : null,
		h('label', { for: 'enrol-label', text: this.t('firstrun.label.label') }),
		label,
		h('p', { class: 'hint', id: 'enrol-label-hint', text: this.t('firstrun.label.hint') }),
		h('div', { class: 'actions' },
			h('button', { type: 'submit', class: 'primary', text: this.t('firstrun.submit') }),
			h('button', {
				type: 'button', lang: other,
				onclick: async () => { await this.setLanguage(other); this.renderChrome(); this.showFirstRun(problem ? this.t('firstrun.problem.again') : null, code.value, label.value); },
				text: this.t('start.language'),
			})));
		this.show('first-run',
			h('h1', { text: this.t('firstrun.heading') }),
			h('p', { text: this.t('firstrun.text', { edge: this.status?.edge ?? '' }) }),
			form);
		// after a refusal the code stays, selected: typing or scanning again replaces it
		if (problem && typedCode) code.select();
	}

	async enrol(typedCode, typedLabel) {
		// as the edge reads it: case, dashes and spaces do not matter, I and L are 1, O is 0
		const code = typedCode.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
		if (!CROCKFORD.test(code)) {
			this.showFirstRun(this.t('firstrun.problem.malformed-enrolment-code'), typedCode, typedLabel);
			return;
		}
		this.show('enrolling', h('h1', { 'aria-busy': 'true', text: this.t('firstrun.working') }));
		let answer;
		try {
			answer = await call('POST', '/api/enrol', { code, label: typedLabel.trim() === '' ? undefined : typedLabel.trim() });
		} catch (error) {
			const key = `firstrun.problem.${error.kind}`;
			// the agent's problem names what staff need: the kiosk a log belongs to, the
			// configuration file that cannot be written
			const facts = { kiosk: error.problem?.kioskId ?? '?', log: error.problem?.log ?? '', path: error.problem?.path ?? '' };
			const text = key in this.messages ? this.t(key, facts) : this.t('firstrun.problem.other', { status: error.status });
			this.showFirstRun(text, typedCode, typedLabel);
			return;
		}
		const heading = this.t('firstrun.done.heading', { kiosk: answer.kioskId });
		this.show('enrolled',
			h('h1', { class: 'ok', 'data-testid': 'enrolled-kiosk', text: heading }),
			h('p', { role: 'status', text: this.t('firstrun.done.text', { event: answer.eventId }) }));
		this.announce(heading);
		// the same port serves the screen now: load it once the agent answers as itself with its
		// cache ready (or after half a minute, when the screen says it is starting)
		const since = Date.now();
		const poll = setInterval(async () => {
			try {
				const status = await call('GET', '/api/status');
				if (!status.firstRun && (status.ready || Date.now() - since > 30_000)) {
					clearInterval(poll);
					window.location.reload();
				}
			} catch (error) {
				// the agent is starting: ask again
			}
		}, 1000);
	}

	// --- staff mode ---

	showPin(message) {
		const input = h('input', {
			id: 'pin', type: 'password', inputmode: 'numeric', autocomplete: 'off', 'data-autofocus': true, maxlength: '12',
			'aria-describedby': message ? 'pin-error' : null,
		});
		const form = h('form', { onsubmit: (event) => { event.preventDefault(); this.login(input.value); } },
			h('label', { for: 'pin', text: this.t('staff.pin.label') }),
			input,
			message ? h('p', { id: 'pin-error', class: 'bad', role: 'alert', text: message }) : null,
			h('div', { class: 'actions' },
				h('button', { type: 'submit', class: 'primary', text: this.t('staff.pin.submit') }),
				h('button', { type: 'button', onclick: () => this.showStart(), text: this.t('express.back') })));
		this.show('staff-pin', h('h1', { text: this.t('staff.pin.heading') }), form);
	}

	async login(pin) {
		try {
			const session = await call('POST', '/api/staff/session', { pin });
			setStaffToken(session.token);
			this.showStaff();
		} catch (error) {
			if (error.kind === 'pin-locked') {
				this.showPin(this.t('staff.pin.locked', { s: error.problem.retryAfterSeconds }));
			} else {
				this.showPin(this.t('staff.pin.wrong'));
			}
		}
	}

	async showStaff(note) {
		let summary;
		try {
			summary = await call('GET', '/api/staff/summary');
		} catch (error) {
			this.showPin();
			return;
		}
		const fact = (key, value, testid) => [h('dt', { text: this.t(key) }), h('dd', { 'data-testid': testid }, value ?? this.t('none'))];
		const dead = summary.deadLetters.length === 0 ? this.t('staff.deadLetters.none')
			: h('ul', {}, summary.deadLetters.map((d) => h('li', {}, `#${d.seq} ${d.attendeeId}: HTTP ${d.status} ${d.detail}`)));
		const health = Object.entries(summary.health).map(([k, v]) => `${k}: ${v}`).join(' · ');
		const languages = (this.status?.languages ?? ['en', 'de']).map((language) => h('button', {
			type: 'button', lang: language, 'aria-pressed': String(language === this.language),
			onclick: async () => {
				await call('POST', '/api/staff/language', { language });
				await this.setLanguage(language);
				this.renderChrome();
				this.showStaff();
			},
			text: this.t(`lang.${language}`),
		}));
		this.show('staff',
			h('h1', { text: this.t('staff.heading') }),
			note ? h('p', { role: 'status', class: 'notice', 'data-testid': 'staff-note', text: note }) : null,
			h('h2', { text: this.t('staff.sync') }),
			h('dl', { class: 'facts' },
				fact('staff.sync', this.t(summary.online ? 'staff.sync.online' : 'staff.sync.offline'), 'staff-online'),
				fact('staff.backlog', String(summary.backlog), 'staff-backlog'),
				fact('staff.lastSeq', String(summary.lastSeq)),
				fact('staff.watermark', String(summary.watermark)),
				fact('staff.lastContact', this.when(summary.lastContact)),
				fact('staff.lastSuccess', this.when(summary.lastSuccessAt)),
				fact('staff.lastError', summary.lastError),
				fact('staff.deadLetters', dead, 'staff-dead-letters'),
				fact('staff.cache', this.t('staff.cache.value', { n: summary.cacheAttendees, event: summary.eventId ?? '—', seq: summary.cacheStreamSeq })),
				summary.occupancy ? fact('staff.occupancy', this.t(summary.occupancy.capacity != null ? 'staff.occupancy.value' : 'staff.occupancy.unlimited', { n: summary.occupancy.inside, capacity: summary.occupancy.capacity ?? '', admitted: summary.occupancy.admittedToday, exits: summary.occupancy.exitsToday }), 'staff-occupancy') : null,
				summary.allowance ? fact('staff.allowance', this.t('staff.allowance.value', { n: summary.allowance.placesLeft, area: summary.allowance.areaId, until: this.when(summary.allowance.leaseUntil) }), 'staff-allowance') : null,
				fact('staff.health', health, 'staff-health')),
			h('div', { class: 'actions' },
				h('button', {
					type: 'button', class: 'primary', 'data-testid': 'force-flush',
					onclick: async () => {
						const after = await call('POST', '/api/staff/flush');
						this.showStaff(this.t('staff.flushed', { n: after.backlog }));
					},
					text: this.t('staff.flush'),
				})),
			h('h2', { text: this.t('staff.language') }),
			h('div', { class: 'actions', role: 'group', 'aria-label': this.t('staff.language') }, languages),
			h('div', { class: 'actions' },
				h('button', {
					type: 'button', onclick: async () => { await call('DELETE', '/api/staff/session').catch(() => {}); this.showStart(); },
					text: this.t('staff.exit'),
				})));
	}

	// --- idle reset: ask first, never lose what someone is still typing ---

	touch() {
		this.lastInput = Date.now();
	}

	// the next person starts where the kiosk starts: its own language, not the last one's
	async resetToStart() {
		const language = this.status?.language;
		if (language && language !== this.language) {
			await this.setLanguage(language);
			this.renderChrome();
		}
		this.showStart();
	}

	checkIdle() {
		if (!this.status || this.status.firstRun || this.dialog) return;
		const typed = this.main.querySelector('#search')?.value ?? '';
		if (this.screen === 'start' && typed === '') return;
		if (Date.now() - this.lastInput < this.status.idleResetSeconds * 1000) return;
		// the countdown runs to a deadline, not by counting ticks: a kiosk's browser may throttle or
		// skip interval callbacks (a busy machine, a background tab), and the reset must still come
		const deadline = Date.now() + IDLE_COUNTDOWN_SECONDS * 1000;
		const secondsLeft = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
		const text = h('p', { id: 'idle-text', text: this.t('idle.text', { s: IDLE_COUNTDOWN_SECONDS }) });
		const stay = h('button', { type: 'button', class: 'primary', text: this.t('idle.stay') });
		const dialog = h('dialog', { role: 'alertdialog', 'aria-labelledby': 'idle-heading', 'aria-describedby': 'idle-text' },
			h('h2', { id: 'idle-heading', text: this.t('idle.heading') }), text, h('div', { class: 'actions' }, stay));
		this.dialog = dialog;
		this.append(dialog);
		dialog.showModal();
		stay.focus();
		const close = (reset) => {
			clearInterval(countdown);
			dialog.close();
			dialog.remove();
			this.dialog = null;
			this.touch();
			if (reset) {
				call('DELETE', '/api/staff/session').catch(() => {});
				this.resetToStart();
			}
		};
		stay.addEventListener('click', () => close(false));
		dialog.addEventListener('cancel', (event) => { event.preventDefault(); close(false); });
		const countdown = setInterval(() => {
			const left = secondsLeft();
			if (left <= 0) close(true);
			else text.textContent = this.t('idle.text', { s: left });
		}, 1000);
	}
}

customElements.define('kiosk-app', KioskApp);
