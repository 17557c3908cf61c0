// Screen 2, "Areas": per area of an event who is inside against its capacity, today's admissions,
// exits and refusals by reason, and the admissions against the rules to review, as the reconciler
// reports them; it asks again every few seconds, so it follows a filling hall without a reload.
import * as api from '../api.js';
import { esc, every, problemHtml, when } from '../dom.js';

const REFRESH_MS = 3000;

class AreasScreen extends HTMLElement {
	setup({ t, me, language, query }) {
		this.t = t;
		this.language = language;
		this.eventId = query.get('event') ?? sessionStorage.getItem('ops-console.event') ?? me.eventId ?? '';
		this.innerHTML = `<h1>${esc(t('areas.heading'))}</h1>
		<form id="event" class="inline">
			<p class="field"><label for="event-id">${esc(t('areas.event'))}</label>
				<input id="event-id" name="eventId" required aria-required="true" value="${esc(this.eventId)}" autocomplete="off"></p>
			<button type="submit" class="primary">${esc(t('areas.show'))}</button>
		</form>
		<p id="as-of" class="muted" aria-live="off"></p>
		<div id="areas"></div>
		<section aria-labelledby="overrides-heading"><h2 id="overrides-heading">${esc(t('areas.overrides'))}</h2><div id="overrides"></div></section>`;
		this.querySelector('#event').addEventListener('submit', (event) => {
			event.preventDefault();
			this.eventId = this.querySelector('#event-id').value.trim();
			sessionStorage.setItem('ops-console.event', this.eventId);
			this.refresh();
		});
		if (this.eventId) {
			this.refresh();
		}
		this.stop = every(REFRESH_MS, () => (this.eventId ? this.refresh() : null));
	}

	disconnectedCallback() {
		this.stop?.();
	}

	async refresh() {
		const t = this.t;
		const event = encodeURIComponent(this.eventId);
		let areasHtml;
		let overridesHtml;
		try {
			const counts = (await api.get(`/api/events/${event}/areas`)).areas ?? [];
			const occupancy = await Promise.all(counts.map((a) => api.get(`/api/events/${event}/areas/${encodeURIComponent(a.areaId)}/occupancy`)
				.catch(() => null)));
			areasHtml = this.areas(counts, occupancy);
			const asOf = occupancy.find((o) => o?.asOf)?.asOf;
			this.querySelector('#as-of').innerHTML = asOf ? `${esc(t('areas.asOf'))} ${when(asOf, this.language)}` : '';
		} catch (e) {
			areasHtml = `<div class="problem">${problemHtml(t, e)}</div>`;
		}
		try {
			overridesHtml = this.overrides(await api.get(`/api/events/${event}/rule-overrides`));
		} catch (e) {
			overridesHtml = `<div class="problem">${problemHtml(t, e)}</div>`;
		}
		if (this.isConnected) {
			this.querySelector('#areas').innerHTML = areasHtml;
			this.querySelector('#overrides').innerHTML = overridesHtml;
		}
	}

	areas(counts, occupancy) {
		const t = this.t;
		if (counts.length === 0) {
			return `<p>${esc(t('areas.none'))}</p>`;
		}
		return `<table>
			<caption>${esc(t('areas.caption', { event: this.eventId }))}</caption>
			<thead><tr><th scope="col">${esc(t('col.area'))}</th><th scope="col">${esc(t('col.inside'))}</th><th scope="col">${esc(t('col.admittedToday'))}</th><th scope="col">${esc(t('col.exitsToday'))}</th><th scope="col">${esc(t('col.refused'))}</th><th scope="col">${esc(t('col.againstRules'))}</th></tr></thead>
			<tbody>${counts.map((a, i) => {
		const o = occupancy[i];
		const refused = Object.entries(a.refused ?? {});
		let inside = '–';
		if (o) {
			inside = o.capacity !== undefined
				? `<span data-inside>${esc(t('areas.insideOf', { inside: o.inside, capacity: o.capacity }))}</span> <meter min="0" max="${esc(o.capacity)}" value="${esc(o.inside)}" high="${esc(Math.floor(o.capacity * 0.9))}" aria-label="${esc(t('areas.meter', { area: a.areaId }))}"></meter>`
				: `<span data-inside>${esc(o.inside)}</span> <span class="muted">${esc(t('areas.noCapacity'))}</span>`;
		}
		return `<tr data-area="${esc(a.areaId)}"><th scope="row">${esc(a.areaId)}</th><td>${inside}</td><td>${esc(o?.admittedToday ?? a.admitted ?? 0)}</td><td>${esc(o?.exitsToday ?? '–')}</td>
				<td>${refused.length ? `<ul class="plain">${refused.map(([reason, n]) => `<li>${esc(reason)}: ${esc(n)}</li>`).join('')}</ul>` : '0'}</td><td>${esc(a.againstRules ?? 0)}</td></tr>`;
	}).join('')}</tbody>
		</table>`;
	}

	overrides(list) {
		const t = this.t;
		if (list.length === 0) {
			return `<p>${esc(t('areas.overrides.none'))}</p>`;
		}
		return `<table>
			<caption>${esc(t('areas.overrides.caption'))}</caption>
			<thead><tr><th scope="col">${esc(t('col.attendee'))}</th><th scope="col">${esc(t('col.area'))}</th><th scope="col">${esc(t('col.kiosk'))}</th><th scope="col">${esc(t('col.captured'))}</th><th scope="col">${esc(t('col.reason'))}</th></tr></thead>
			<tbody>${list.map((o) => `<tr><td><a href="#/person?id=${encodeURIComponent(o.attendeeId)}">${esc(o.attendeeId)}</a></td><td>${esc(o.areaId)}</td><td>${esc(o.kioskId)}</td><td>${when(o.capturedAt, this.language)}</td><td>${esc(o.reason)}${o.explanation ? ` <span class="muted">${esc(o.explanation)}</span>` : ''}</td></tr>`).join('')}</tbody>
		</table>`;
	}
}

customElements.define('areas-screen', AreasScreen);
