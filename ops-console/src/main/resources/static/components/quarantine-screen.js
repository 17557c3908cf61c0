// Screen 5, "Quarantine": the entries the reconciler rejected, by kiosk and reason, with re-drive
// (decided again now; the answer is the new per-entry result).
import * as api from '../api.js';
import { ask, esc, problemHtml, when } from '../dom.js';

class QuarantineScreen extends HTMLElement {
	setup({ t, language }) {
		this.t = t;
		this.language = language;
		this.innerHTML = `<h1>${esc(t('quarantine.heading'))}</h1>
		<form id="filter" class="inline">
			<p class="field"><label for="filter-kiosk">${esc(t('quarantine.kiosk'))}</label><input id="filter-kiosk" name="kioskId" autocomplete="off"></p>
			<p class="field"><label for="filter-reason">${esc(t('quarantine.reason'))}</label><input id="filter-reason" name="reason" autocomplete="off"></p>
			<button type="submit" class="primary">${esc(t('quarantine.show'))}</button>
		</form>
		<div id="result" role="status" aria-live="polite"></div>
		<div id="rejections"></div>`;
		this.querySelector('#filter').addEventListener('submit', (event) => {
			event.preventDefault();
			this.refresh();
		});
		this.refresh();
	}

	async refresh(focusKey) {
		const t = this.t;
		const params = new URLSearchParams();
		for (const name of ['kioskId', 'reason']) {
			const value = this.querySelector(`#filter [name=${name}]`).value.trim();
			if (value) {
				params.set(name, value);
			}
		}
		const list = this.querySelector('#rejections');
		try {
			const rejections = await api.get(`/api/rejections${params.size ? `?${params}` : ''}`);
			list.innerHTML = this.table(rejections);
		} catch (e) {
			list.innerHTML = `<div class="problem">${problemHtml(t, e)}</div>`;
		}
		for (const button of this.querySelectorAll('button[data-redrive]')) {
			button.addEventListener('click', () => this.redrive(button.dataset.redrive));
		}
		if (focusKey) {
			(this.querySelector(`[data-redrive="${CSS.escape(focusKey)}"]`) ?? this.querySelector('h1')).focus();
		}
	}

	table(rejections) {
		const t = this.t;
		if (rejections.length === 0) {
			return `<p>${esc(t('quarantine.none'))}</p>`;
		}
		return `<table>
			<caption>${esc(t('quarantine.caption'))}</caption>
			<thead><tr><th scope="col">${esc(t('col.id'))}</th><th scope="col">${esc(t('col.kiosk'))}</th><th scope="col">${esc(t('col.key'))}</th><th scope="col">${esc(t('col.reason'))}</th><th scope="col">${esc(t('col.field'))}</th><th scope="col">${esc(t('col.rejected'))}</th><th scope="col">${esc(t('col.redrive'))}</th><th scope="col">${esc(t('col.actions'))}</th></tr></thead>
			<tbody>${rejections.map((r) => `<tr>
				<th scope="row">${esc(r.id)}</th><td>${esc(r.kioskId)}</td><td><code>${esc(r.idempotencyKey)}</code></td><td>${esc(r.reason)}</td><td>${esc(r.field ?? '–')}</td>
				<td>${when(r.rejectedAt, this.language)}</td>
				<td>${r.redriveOutcome ? `${esc(r.redriveOutcome)} ${when(r.redrivenAt, this.language)}` : '–'}</td>
				<td><button type="button" data-redrive="${esc(r.id)}" aria-label="${esc(t('quarantine.redrive.label', { id: r.id }))}">${esc(t('quarantine.redrive'))}</button></td>
			</tr>`).join('')}</tbody>
		</table>`;
	}

	async redrive(id) {
		const t = this.t;
		const values = await ask(t, { title: t('quarantine.redrive.title', { id }), intro: esc(t('quarantine.redrive.intro')), submit: t('quarantine.redrive') });
		if (!values) {
			return;
		}
		try {
			const result = await api.post(`/api/rejections/${encodeURIComponent(id)}/redrive`, {});
			this.querySelector('#result').innerHTML = `<p class="ok">${esc(t('quarantine.redriven', { id, outcome: result.outcome, reason: result.reason ?? '' }))}</p>`;
		} catch (e) {
			this.querySelector('#result').innerHTML = `<div class="problem">${problemHtml(t, e)}</div>`;
		}
		await this.refresh(id);
	}
}

customElements.define('quarantine-screen', QuarantineScreen);
