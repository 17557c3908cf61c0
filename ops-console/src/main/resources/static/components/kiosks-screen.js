// Screen 3, "Kiosks": every kiosk as the edge knows it (online or offline, backlog, gaps, clock
// offset, agent version, its revocation: mode, when its token stops, the entries it held at its
// last contact); for ADMIN, enrolment of a new kiosk (its one-time code and QR), token rotation
// and revocation as RETIRE or LOST. It asks the edge again every few seconds.
import * as api from '../api.js';
import { ask, esc, every, problemHtml, when } from '../dom.js';

const REFRESH_MS = 5000;

class KiosksScreen extends HTMLElement {
	setup({ t, me, language }) {
		this.t = t;
		this.me = me;
		this.language = language;
		const admin = me.role === 'ADMIN';
		this.innerHTML = `<h1>${esc(t('kiosks.heading'))}</h1>
		<div id="result" role="status" aria-live="polite"></div>
		${admin ? `<section aria-labelledby="enrol-heading"><h2 id="enrol-heading">${esc(t('kiosks.enrol'))}</h2>
			<form id="enrol" class="grid" novalidate>
				<p class="field"><label for="enrol-event">${esc(t('kiosks.event'))} *</label><input id="enrol-event" name="eventId" required aria-required="true" value="${esc(me.eventId ?? '')}"></p>
				<p class="field"><label for="enrol-kiosk">${esc(t('kiosks.kioskId'))}</label><span class="hint" id="enrol-kiosk-hint">${esc(t('kiosks.kioskId.hint'))}</span><input id="enrol-kiosk" name="kioskId" aria-describedby="enrol-kiosk-hint"></p>
				<p class="field"><label for="enrol-area">${esc(t('kiosks.area'))}</label><input id="enrol-area" name="areaId"></p>
				<p class="field"><label for="enrol-direction">${esc(t('kiosks.direction'))}</label><select id="enrol-direction" name="direction">${['ENTRY', 'EXIT', 'BOTH'].map((d) => `<option value="${d}">${esc(t(`direction.${d}`))}</option>`).join('')}</select></p>
				<p class="field"><label for="enrol-profile">${esc(t('kiosks.profile'))}</label><select id="enrol-profile" name="profile">${['KIOSK', 'DESK', 'EXIT'].map((d) => `<option value="${d}">${esc(t(`profile.${d}`))}</option>`).join('')}</select></p>
				<p class="field"><label for="enrol-pool">${esc(t('kiosks.pool'))} *</label><input id="enrol-pool" name="printerPool" required aria-required="true" value="default"></p>
				<p class="field"><label for="enrol-minutes">${esc(t('kiosks.minutes'))} *</label><input id="enrol-minutes" name="expiresInMinutes" type="number" min="1" max="1440" required aria-required="true" value="60"></p>
				<p><button type="submit" class="primary">${esc(t('kiosks.enrol.submit'))}</button></p>
			</form>
			<div id="enrolment"></div></section>` : ''}
		<section aria-labelledby="kiosks-heading"><h2 id="kiosks-heading">${esc(t('kiosks.list'))}</h2><div id="kiosks"></div></section>`;
		this.querySelector('#enrol')?.addEventListener('submit', (event) => {
			event.preventDefault();
			this.enrol(event.target);
		});
		this.refresh();
		this.stop = every(REFRESH_MS, () => this.refresh());
	}

	disconnectedCallback() {
		this.stop?.();
	}

	async enrol(form) {
		const t = this.t;
		const value = (name) => form.elements[name].value.trim() || null;
		const out = this.querySelector('#enrolment');
		try {
			const code = await api.post('/api/enrolments', {
				eventId: value('eventId'), kioskId: value('kioskId'), areaId: value('areaId'), direction: value('direction'),
				profile: value('profile'), printerPool: value('printerPool'), expiresInMinutes: Number(value('expiresInMinutes')),
			});
			out.innerHTML = `<div class="enrolment" role="status">
				<p>${esc(t('kiosks.code'))} <strong class="code" id="enrolment-code">${esc(code.code)}</strong></p>
				<p>${esc(t('kiosks.expires'))} ${when(code.expiresAt, this.language)}</p>
				${code.qr ? `<img src="${esc(code.qr)}" alt="${esc(t('kiosks.qr.alt', { code: code.code }))}" width="200" height="200">` : ''}
			</div>`;
		} catch (e) {
			out.innerHTML = `<div class="problem" role="alert">${problemHtml(t, e)}</div>`;
		}
	}

	async refresh() {
		const t = this.t;
		if (document.querySelector('dialog[open]')) {
			return;
		}
		let html;
		try {
			html = this.kiosks(await api.get('/api/kiosks'));
		} catch (e) {
			html = `<div class="problem">${problemHtml(t, e)}</div>`;
		}
		if (!this.isConnected) {
			return;
		}
		const focused = document.activeElement?.dataset?.focusKey ?? this.pendingFocus;
		this.pendingFocus = null;
		this.querySelector('#kiosks').innerHTML = html;
		for (const button of this.querySelectorAll('button[data-revoke]')) {
			button.addEventListener('click', () => {
				this.pendingFocus = button.dataset.focusKey;
				this.revoke(button.dataset.revoke);
			});
		}
		for (const button of this.querySelectorAll('button[data-rotate]')) {
			button.addEventListener('click', () => {
				this.pendingFocus = button.dataset.focusKey;
				this.rotate(button.dataset.rotate);
			});
		}
		if (focused) {
			this.querySelector(`[data-focus-key="${CSS.escape(focused)}"]`)?.focus();
		}
	}

	kiosks(list) {
		const t = this.t;
		this.known = new Map(list.map((k) => [k.kioskId, k]));
		if (list.length === 0) {
			return `<p>${esc(t('kiosks.none'))}</p>`;
		}
		const admin = this.me.role === 'ADMIN';
		return `<table>
			<caption>${esc(t('kiosks.caption'))}</caption>
			<thead><tr><th scope="col">${esc(t('col.kiosk'))}</th><th scope="col">${esc(t('col.event'))}</th><th scope="col">${esc(t('col.area'))}</th><th scope="col">${esc(t('col.online'))}</th><th scope="col">${esc(t('col.lastContact'))}</th><th scope="col">${esc(t('col.backlog'))}</th><th scope="col">${esc(t('col.gaps'))}</th><th scope="col">${esc(t('col.clock'))}</th><th scope="col">${esc(t('col.agent'))}</th><th scope="col">${esc(t('col.revocation'))}</th>${admin ? `<th scope="col">${esc(t('col.actions'))}</th>` : ''}</tr></thead>
			<tbody>${list.map((k) => {
		const c = k.contact ?? {};
		const online = k.revoked ? t('kiosks.revoked') : (c.online ? t('kiosks.online') : t('kiosks.offline'));
		const backlog = Math.max(k.backlog ?? 0, c.reportedBacklog ?? 0);
		const offset = c.clockOffsetMs === undefined ? '–' : t('kiosks.offset', { ms: c.clockOffsetMs }) + (c.clockSkewed ? ` (${t('kiosks.skewed')})` : '');
		return `<tr data-kiosk="${esc(k.kioskId)}">
				<th scope="row">${esc(k.kioskId)}${k.label ? ` <span class="muted">${esc(k.label)}</span>` : ''}</th>
				<td>${esc(k.eventId)}</td>
				<td>${esc(k.areaId ?? '–')} ${k.direction ? `<span class="muted">${esc(t(`direction.${k.direction}`))}</span>` : ''}</td>
				<td><span class="state ${c.online && !k.revoked ? 'state-up' : 'state-down'}">${esc(online)}</span></td>
				<td>${when(c.lastContactAt ?? k.lastSeenAt, this.language)}</td>
				<td>${esc(backlog)}</td>
				<td>${esc((k.gaps ?? []).length)}</td>
				<td>${esc(offset)}</td>
				<td>${esc(c.agentVersion ?? '–')}</td>
				<td class="revocation">${this.revocation(k)}</td>
				${admin ? `<td>${this.actions(k)}</td>` : ''}
			</tr>`;
	}).join('')}</tbody>
		</table>`;
	}

	// what the edge says of a kiosk's revocation: the mode, when its token stops (or
	// stopped), and the entries it held at its last contact (for a LOST kiosk, exactly what
	// is unaccounted for)
	revocation(k) {
		const t = this.t;
		const r = k.revocation;
		if (!k.revoked || !r) {
			return '–';
		}
		const stopping = r.effectiveAt && new Date(r.effectiveAt).getTime() > Date.now();
		const held = k.entriesHeldAtLastContact;
		return `<p><strong>${esc(t(`revocation.${r.mode}`))}</strong></p>
			<p>${esc(t(stopping ? 'kiosks.revocation.until' : 'kiosks.revocation.stopped'))} ${when(r.effectiveAt, this.language)}</p>
			<p class="muted">${esc(t('kiosks.revocation.at'))} ${when(r.revokedAt, this.language)}</p>
			<p>${held === undefined || held === null ? esc(t('kiosks.held.unknown')) : esc(t('kiosks.held', { count: held }))}</p>`;
	}

	// ADMIN's actions on a kiosk: rotate while it is not revoked; revoke while its token has
	// not stopped for good (LOST after RETIRE takes effect at once)
	actions(k) {
		const t = this.t;
		const r = k.revocation;
		const retiring = k.revoked && r?.mode === 'RETIRE' && new Date(r.effectiveAt).getTime() > Date.now();
		const buttons = [];
		if (!k.revoked) {
			buttons.push(`<button type="button" data-rotate="${esc(k.kioskId)}" data-focus-key="rotate:${esc(k.kioskId)}" aria-label="${esc(t('kiosks.rotate.label', { kiosk: k.kioskId }))}">${esc(t('kiosks.rotate'))}</button>`);
		}
		if (!k.revoked || retiring) {
			buttons.push(`<button type="button" data-revoke="${esc(k.kioskId)}" data-focus-key="revoke:${esc(k.kioskId)}" aria-label="${esc(t('kiosks.revoke.label', { kiosk: k.kioskId }))}">${esc(t('kiosks.revoke'))}</button>`);
		}
		return buttons.length ? `<div class="row-actions">${buttons.join('')}</div>` : '–';
	}

	async rotate(kioskId) {
		const t = this.t;
		const values = await ask(t, { title: t('kiosks.rotate.title', { kiosk: kioskId }), intro: esc(t('kiosks.rotate.intro')), submit: t('kiosks.rotate.submit') });
		if (!values) {
			return;
		}
		const out = this.querySelector('#result');
		try {
			await api.post(`/api/kiosks/${encodeURIComponent(kioskId)}/rotate`, {});
			out.innerHTML = `<p class="ok">${esc(t('kiosks.rotated', { kiosk: kioskId }))}</p>`;
		} catch (e) {
			out.innerHTML = `<div class="problem">${problemHtml(t, e)}</div>`;
		}
		await this.refresh();
	}

	async revoke(kioskId) {
		const t = this.t;
		const retiring = this.known?.get(kioskId)?.revocation?.mode === 'RETIRE';
		const values = await ask(t, {
			title: t('kiosks.revoke.title', { kiosk: kioskId }),
			intro: esc(t(retiring ? 'kiosks.revoke.intro.retiring' : 'kiosks.revoke.intro')),
			fields: [{
				name: 'mode', type: 'radio', label: t('kiosks.revoke.mode'), required: true,
				options: ['RETIRE', 'LOST'].map((mode) => ({ value: mode, label: t(`revocation.${mode}`), description: t(`revocation.${mode}.explain`) })),
			}],
			submit: t('kiosks.revoke'),
		});
		if (!values) {
			return;
		}
		const out = this.querySelector('#result');
		try {
			await api.post(`/api/kiosks/${encodeURIComponent(kioskId)}/revoke`, { mode: values.mode });
		} catch (e) {
			out.innerHTML = `<div class="problem">${problemHtml(t, e)}</div>`;
			await this.refresh();
			return;
		}
		await this.refresh();
		// the edge keeps the first revocation (but for LOST after RETIRE): say what it holds now
		const k = this.known?.get(kioskId);
		const r = k?.revocation;
		if (!r) {
			out.innerHTML = `<p class="ok">${esc(t('kiosks.revoked.done', { kiosk: kioskId }))}</p>`;
			return;
		}
		const stopping = new Date(r.effectiveAt).getTime() > Date.now();
		const held = k.entriesHeldAtLastContact ?? 0;
		out.innerHTML = `<p class="ok">${esc(t(`kiosks.revoked.${r.mode}`, { kiosk: kioskId }))}
			${esc(t(stopping ? 'kiosks.revocation.until' : 'kiosks.revocation.stopped'))} ${when(r.effectiveAt, this.language)}.
			${esc(t(r.mode === 'LOST' ? 'kiosks.revoked.held.LOST' : 'kiosks.revoked.held.RETIRE', { count: held }))}</p>`;
	}
}

customElements.define('kiosks-screen', KiosksScreen);
