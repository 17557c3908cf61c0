// Screen 1, "Find a person": the reconciler's view of an attendee (check-ins per area with outcome,
// reason, kiosk and capture time; flags; badge jobs) with the orchestrator's print state, and the
// desk's actions, each asking for the reason the API needs and showing the service's answer.
import * as api from '../api.js';
import { ask, esc, problemHtml, when } from '../dom.js';

class PersonScreen extends HTMLElement {
	setup({ t, me, language, query }) {
		this.t = t;
		this.me = me;
		this.language = language;
		const eventId = query.get('event') ?? sessionStorage.getItem('ops-console.event') ?? me.eventId ?? '';
		this.innerHTML = `<h1>${esc(t('person.heading'))}</h1>
		<form id="find" role="search" class="inline">
			<p class="field"><label for="person-query">${esc(t('person.query'))}</label>
				<span class="hint" id="person-query-hint">${esc(t('person.query.hint'))}</span>
				<input id="person-query" name="q" required aria-required="true" aria-describedby="person-query-hint" autocomplete="off" spellcheck="false"></p>
			<p class="field"><label for="person-event">${esc(t('person.searchEvent'))}</label>
				<span class="hint" id="person-event-hint">${esc(t('person.searchEvent.hint'))}</span>
				<input id="person-event" name="eventId" value="${esc(eventId)}" aria-describedby="person-event-hint" autocomplete="off" spellcheck="false"></p>
			<button type="submit" class="primary">${esc(t('person.find'))}</button>
		</form>
		<div id="result" role="status" aria-live="polite"></div>
		<section id="matches" aria-live="polite"></section>
		<section id="person" aria-live="off"></section>`;
		this.querySelector('#find').addEventListener('submit', (event) => {
			event.preventDefault();
			const q = this.querySelector('#person-query').value.trim();
			const eventId = this.querySelector('#person-event').value.trim();
			if (q) {
				this.result('');
				if (eventId) {
					sessionStorage.setItem('ops-console.event', eventId);
					this.find(eventId, q);
				} else {
					this.querySelector('#matches').innerHTML = '';
					this.show(q);
				}
			}
		});
		const id = query.get('id');
		if (id) {
			this.querySelector('#person-query').value = id;
			this.show(id);
		}
	}

	result(html) {
		this.querySelector('#result').innerHTML = html;
	}

	// the reconciler's search (name, company, e-mail: accents and case ignored; attendee id;
	// express code); one match opens at once, several are a list to pick from
	async find(eventId, q) {
		const t = this.t;
		const matches = this.querySelector('#matches');
		this.querySelector('#person').innerHTML = '';
		try {
			const found = await api.get(`/api/events/${encodeURIComponent(eventId)}/attendees?${new URLSearchParams({ q, limit: '20' })}`);
			const list = found.attendees ?? [];
			matches.innerHTML = list.length === 0 ? `<p>${esc(t('person.noMatch', { q }))}</p>` : `<h2 id="matches-heading">${esc(t('person.matches', { count: list.length }))}</h2>
			<ul class="matches" aria-labelledby="matches-heading">${list.map((m) => `<li><button type="button" data-pick="${esc(m.attendeeId)}">${esc(m.erased ? t('person.erased') : (m.displayName || m.attendeeId))}</button>
				<span class="muted">${esc([m.company, m.attendeeId, m.checkedIn ? t('person.checkedIn') : t('person.notCheckedIn')].filter(Boolean).join(' · '))}</span></li>`).join('')}</ul>
			${found.more ? `<p class="muted">${esc(t('person.more'))}</p>` : ''}`;
			for (const button of matches.querySelectorAll('[data-pick]')) {
				button.addEventListener('click', () => this.show(button.dataset.pick));
			}
			if (list.length === 1) {
				await this.show(list[0].attendeeId);
			} else if (list.length === 0) {
				// someone the registry does not know may still have entries in quarantine
				await this.quarantinedOnly(q);
			}
		} catch (e) {
			matches.innerHTML = `<div class="problem" role="alert">${problemHtml(t, e)}</div>`;
		}
	}

	async show(attendeeId) {
		const t = this.t;
		const section = this.querySelector('#person');
		section.setAttribute('aria-busy', 'true');
		const rejections = api.get(`/api/rejections?${new URLSearchParams({ attendeeId })}`).catch(() => null);
		try {
			const person = await api.get(`/api/attendees/${encodeURIComponent(attendeeId)}`);
			let jobs = [];
			let printProblem = null;
			try {
				jobs = await api.get(`/api/attendees/${encodeURIComponent(attendeeId)}/print-jobs`);
			} catch (e) {
				printProblem = e;
			}
			this.person = person;
			section.innerHTML = this.render(person, jobs, printProblem) + this.quarantined(await rejections);
			this.bind();
		} catch (e) {
			// someone the registry does not know may still have entries in quarantine: import
			// them, then re-drive here
			this.person = null;
			this.unknownId = attendeeId;
			section.innerHTML = `<div class="problem" role="alert">${problemHtml(t, e)}</div>${this.quarantined(await rejections)}`;
			this.bind();
		} finally {
			section.removeAttribute('aria-busy');
		}
	}

	render(p, jobs, printProblem) {
		const t = this.t;
		const entries = (p.areas ?? []).flatMap((a) => (a.entries ?? []).map((e) => ({ ...e, areaId: a.areaId })));
		const againstRules = entries.some((e) => e.againstRules && !e.annulledBy);
		const duplicate = jobs.some((j) => j.possibleDuplicate);
		const flags = [
			againstRules ? `<li class="flag warn">ADMITTED_AGAINST_RULES</li>` : '',
			duplicate ? `<li class="flag warn">possibleDuplicate</li>` : '',
		].join('');
		const byJob = new Map(jobs.map((j) => [j.jobId, j]));
		return `<h2 id="person-name">${esc(p.displayName ?? p.attendeeId)}</h2>
		<dl class="facts">
			<dt>${esc(t('person.attendeeId'))}</dt><dd><code>${esc(p.attendeeId)}</code></dd>
			<dt>${esc(t('person.company'))}</dt><dd>${esc(p.company ?? '–')}</dd>
			<dt>${esc(t('person.event'))}</dt><dd>${esc(p.eventId)}</dd>
			<dt>${esc(t('person.ticket'))}</dt><dd>${esc([p.ticketType, p.tier].filter(Boolean).join(' / ') || '–')}</dd>
			<dt>${esc(t('person.status'))}</dt><dd>${esc(p.checkedIn ? t('person.checkedIn') : t('person.notCheckedIn'))}</dd>
			<dt>${esc(t('person.credential'))}</dt><dd>${esc(p.credentialVersion ?? '–')}</dd>
		</dl>
		${flags ? `<h3>${esc(t('person.flags'))}</h3><ul class="flags">${flags}</ul>` : ''}
		<div class="actions" role="group" aria-label="${esc(t('person.actions'))}">
			<button type="button" data-action="correct">${esc(t('person.correct'))}</button>
			<button type="button" data-action="reprint">${esc(t('person.reprint'))}</button>
			<button type="button" data-action="annul">${esc(t('person.annul'))}</button>
			${this.me.role === 'ADMIN' ? `<button type="button" data-action="express">${esc(t('person.express'))}</button>` : ''}
		</div>
		<h3>${esc(t('person.checkins'))}</h3>
		${entries.length === 0 ? `<p>${esc(t('person.noCheckins'))}</p>` : (p.areas ?? []).map((a) => `
			<table>
				<caption>${esc(t('person.area', { area: a.areaId }))}</caption>
				<thead><tr><th scope="col">${esc(t('col.type'))}</th><th scope="col">${esc(t('col.outcome'))}</th><th scope="col">${esc(t('col.reason'))}</th><th scope="col">${esc(t('col.kiosk'))}</th><th scope="col">${esc(t('col.captured'))}</th><th scope="col">${esc(t('col.flags'))}</th></tr></thead>
				<tbody>${(a.entries ?? []).map((e) => `<tr>
					<td>${esc(e.type)}</td>
					<td>${esc(e.serverVerdict ?? e.kioskDecision ?? '–')}${e.kioskDecision && e.serverVerdict && e.kioskDecision !== e.serverVerdict ? ` <span class="muted">(${esc(t('person.kioskSaid', { decision: e.kioskDecision }))})</span>` : ''}</td>
					<td>${esc(e.serverReason ?? e.kioskReason ?? '–')}</td>
					<td><code>${esc((e.idempotencyKey ?? '').split(':')[0])}</code></td>
					<td>${when(e.capturedAt, this.language)}</td>
					<td>${[e.againstRules ? 'ADMITTED_AGAINST_RULES' : '', e.annulledBy ? t('person.annulledBy', { key: e.annulledBy }) : ''].filter(Boolean).map(esc).join(', ') || '–'}</td>
				</tr>`).join('')}</tbody>
			</table>`).join('')}
		<h3>${esc(t('person.history'))}</h3>
		${(p.history ?? []).length === 0 ? `<p>${esc(t('person.noHistory'))}</p>` : `<table>
			<caption>${esc(t('person.history.caption'))}</caption>
			<thead><tr><th scope="col">${esc(t('col.key'))}</th><th scope="col">${esc(t('col.outcome'))}</th><th scope="col">${esc(t('col.reason'))}</th><th scope="col">${esc(t('col.received'))}</th></tr></thead>
			<tbody>${p.history.map((h) => `<tr><td><code>${esc(h.idempotencyKey)}</code></td><td>${esc(h.outcome)}</td><td>${esc(h.reason ?? '–')}</td><td>${when(h.receivedAt, this.language)}</td></tr>`).join('')}</tbody>
		</table>`}
		<h3>${esc(t('person.badges'))}</h3>
		${printProblem ? `<div class="problem" role="alert">${problemHtml(t, printProblem)}</div>` : ''}
		${(p.badgeJobs ?? []).length === 0 ? `<p>${esc(t('person.noBadges'))}</p>` : `<table>
			<caption>${esc(t('person.badges.caption'))}</caption>
			<thead><tr><th scope="col">${esc(t('col.job'))}</th><th scope="col">${esc(t('col.credential'))}</th><th scope="col">${esc(t('col.printState'))}</th><th scope="col">${esc(t('col.printer'))}</th><th scope="col">${esc(t('col.printed'))}</th><th scope="col">${esc(t('col.flags'))}</th></tr></thead>
			<tbody>${p.badgeJobs.map((b) => {
		const job = byJob.get(b.badgeJobId) ?? {};
		const flags = [b.annulled ? t('person.badgeAnnulled') : '', job.possibleDuplicate ? 'possibleDuplicate' : '', job.annulledAfterPrint ? 'annulledAfterPrint' : ''].filter(Boolean);
		return `<tr><td><code>${esc(b.badgeJobId)}</code></td><td>${esc(b.credentialVersion)}</td><td>${esc(job.state ?? t('person.notInLedger'))}</td><td>${esc(job.printerId ?? '–')}</td><td>${when(job.printedAt, this.language)}</td><td>${flags.map(esc).join(', ') || '–'}</td></tr>`;
	}).join('')}</tbody>
		</table>`}`;
	}

	async quarantinedOnly(attendeeId) {
		this.person = null;
		this.unknownId = attendeeId;
		const rejections = await api.get(`/api/rejections?${new URLSearchParams({ attendeeId })}`).catch(() => null);
		this.querySelector('#person').innerHTML = this.quarantined(rejections);
		this.bind();
	}

	quarantined(rejections) {
		const t = this.t;
		if (!rejections || rejections.length === 0) {
			return '';
		}
		return `<h3>${esc(t('person.quarantined'))}</h3><table>
			<caption>${esc(t('person.quarantined.caption'))}</caption>
			<thead><tr><th scope="col">${esc(t('col.id'))}</th><th scope="col">${esc(t('col.kiosk'))}</th><th scope="col">${esc(t('col.reason'))}</th><th scope="col">${esc(t('col.rejected'))}</th><th scope="col">${esc(t('col.redrive'))}</th><th scope="col">${esc(t('col.actions'))}</th></tr></thead>
			<tbody>${rejections.map((r) => `<tr data-rejection="${esc(r.id)}">
				<th scope="row">${esc(r.id)}</th><td>${esc(r.kioskId)}</td><td>${esc(r.reason)}</td><td>${when(r.rejectedAt, this.language)}</td>
				<td>${r.redriveOutcome ? `${esc(r.redriveOutcome)} ${when(r.redrivenAt, this.language)}` : '–'}</td>
				<td><button type="button" data-redrive="${esc(r.id)}" aria-label="${esc(t('quarantine.redrive.label', { id: r.id }))}">${esc(t('quarantine.redrive'))}</button></td>
			</tr>`).join('')}</tbody>
		</table>`;
	}

	bind() {
		for (const button of this.querySelectorAll('#person [data-action]')) {
			button.addEventListener('click', () => this.act(button.dataset.action));
		}
		for (const button of this.querySelectorAll('#person [data-redrive]')) {
			button.addEventListener('click', () => this.redrive(button.dataset.redrive));
		}
	}

	async redrive(id) {
		const t = this.t;
		const known = this.person?.attendeeId;
		const values = await ask(t, { title: t('quarantine.redrive.title', { id }), intro: esc(t('quarantine.redrive.intro')), submit: t('quarantine.redrive') });
		if (!values) {
			return;
		}
		let message;
		try {
			const answer = await api.post(`/api/rejections/${encodeURIComponent(id)}/redrive`, {});
			message = `<p class="ok">${esc(t('quarantine.redriven', { id, outcome: answer.outcome, reason: answer.reason ?? '' }))}</p>`;
		} catch (e) {
			message = `<div class="problem">${problemHtml(t, e)}</div>`;
		}
		await (known ? this.show(known) : this.quarantinedOnly(this.unknownId));
		this.result(message);
		this.querySelector(`#person [data-redrive="${CSS.escape(id)}"]`)?.focus();
	}

	async act(action) {
		const t = this.t;
		const p = this.person;
		const id = encodeURIComponent(p.attendeeId);
		const reason = { name: 'reason', label: t('form.reason'), type: 'textarea', required: true, hint: t('form.reason.hint') };
		let run;
		if (action === 'correct') {
			// the contract's correction is the desk's record of the person (origin DESK, it wins
			// over every kiosk write), and that record is what checks someone in: for a person
			// not checked in (also one only refused at a door) it checks them in at the desk and
			// queues their badge, without the door's rules. The dialog says so before it is sent.
			const checksIn = !p.checkedIn;
			const values = await ask(t, {
				title: t('person.correct.title', { name: p.displayName ?? p.attendeeId }),
				intro: checksIn ? `<strong>${esc(t('person.correct.checksIn', { name: p.displayName ?? p.attendeeId }))}</strong>` : '',
				fields: [
					{ name: 'displayName', label: t('person.name'), value: p.displayName ?? '' },
					{ name: 'company', label: t('person.company'), value: p.company ?? '' },
					reason,
				],
				submit: t(checksIn ? 'person.correct.submit.checkIn' : 'person.correct.submit'),
			});
			if (!values) {
				return;
			}
			run = async () => {
				await api.post(`/api/attendees/${id}/corrections`, {
					displayName: values.displayName || null, company: values.company || null, reason: values.reason,
				});
				return t(checksIn ? 'person.corrected.checkedIn' : 'person.corrected');
			};
		} else if (action === 'reprint') {
			const values = await ask(t, { title: t('person.reprint.title'), fields: [reason], submit: t('person.reprint.submit') });
			if (!values) {
				return;
			}
			run = async () => {
				const answer = await api.post(`/api/attendees/${id}/reprint`, { reason: values.reason });
				return t('person.reprinted', { job: answer.badgeJobId, version: answer.credentialVersion });
			};
		} else if (action === 'annul') {
			// one key per dialog: a retry of this annulment changes nothing
			const idempotencyKey = api.actionKey();
			const values = await ask(t, { title: t('person.annul.title'), intro: esc(t('person.annul.intro')), fields: [reason], submit: t('person.annul.submit') });
			if (!values) {
				return;
			}
			run = async () => {
				const answer = await api.post(`/api/attendees/${id}/annul`, { idempotencyKey, reason: values.reason });
				return t('person.annulled', { key: answer.annulledKey ?? '' });
			};
		} else if (action === 'express') {
			const values = await ask(t, { title: t('person.express.title'), intro: esc(t('person.express.intro')), submit: t('person.express.submit') });
			if (!values) {
				return;
			}
			run = async () => {
				const answer = await api.post(`/api/events/${encodeURIComponent(p.eventId)}/express-codes`, { attendeeIds: [p.attendeeId] });
				return t('person.expressed', { code: answer.code, until: answer.expiresAt ?? '–' });
			};
		}
		try {
			const message = await run();
			await this.show(p.attendeeId);
			this.result(`<p class="ok">${esc(message)}</p>`);
			// the redraw replaced the button the dialog returned focus to
			this.querySelector(`[data-action="${action}"]`)?.focus();
		} catch (e) {
			this.result(`<div class="problem">${problemHtml(t, e)}</div>`);
		}
	}
}

customElements.define('person-screen', PersonScreen);
