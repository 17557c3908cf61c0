// Screen 4, "Printers": every printer's state, queue and last status, the jobs whose outcome is
// unknown and the possible duplicates, dispatch paused or not; failover, probe print, enable, disable, pause and resume, each
// confirmed first. It asks the orchestrator again every few seconds (a failing-over queue drains).
import * as api from '../api.js';
import { ask, esc, every, problemHtml, when } from '../dom.js';

const REFRESH_MS = 3000;

class PrintersScreen extends HTMLElement {
	setup({ t, language }) {
		this.t = t;
		this.language = language;
		this.innerHTML = `<h1>${esc(t('printers.heading'))}</h1>
		<div id="result" role="status" aria-live="polite"></div>
		<section id="dispatch" aria-labelledby="dispatch-heading"><h2 id="dispatch-heading">${esc(t('printers.dispatch'))}</h2><div class="body"></div></section>
		<section aria-labelledby="printers-heading"><h2 id="printers-heading">${esc(t('printers.list'))}</h2><div id="printers"></div></section>
		<section aria-labelledby="unknown-heading"><h2 id="unknown-heading">${esc(t('printers.unknown'))}</h2><div id="unknown"></div></section>
		<section aria-labelledby="duplicates-heading"><h2 id="duplicates-heading">${esc(t('printers.duplicates'))}</h2><div id="duplicates"></div></section>`;
		this.refresh();
		this.stop = every(REFRESH_MS, () => this.refresh());
	}

	disconnectedCallback() {
		this.stop?.();
	}

	result(html) {
		this.querySelector('#result').innerHTML = html;
	}

	async refresh() {
		const t = this.t;
		if (document.querySelector('dialog[open]')) {
			// a redraw under an open dialog would take away the button focus returns to
			return;
		}
		const [printers, dispatch, unknown, duplicates] = await Promise.allSettled([
			api.get('/api/printers'), api.get('/api/dispatch'), api.get('/api/print-jobs?state=UNKNOWN_OUTCOME'),
			api.get('/api/print-jobs?possibleDuplicate=true'),
		]);
		if (!this.isConnected) {
			return;
		}
		// keep keyboard focus where it was across a redraw
		const focused = document.activeElement?.dataset?.focusKey ?? this.pendingFocus;
		this.pendingFocus = null;
		this.querySelector('#printers').innerHTML = printers.status === 'fulfilled'
			? this.printers(printers.value) : `<div class="problem">${problemHtml(t, printers.reason)}</div>`;
		this.querySelector('#dispatch .body').innerHTML = dispatch.status === 'fulfilled'
			? this.dispatch(dispatch.value) : `<div class="problem">${problemHtml(t, dispatch.reason)}</div>`;
		this.querySelector('#unknown').innerHTML = unknown.status === 'fulfilled'
			? this.unknown(unknown.value) : `<div class="problem">${problemHtml(t, unknown.reason)}</div>`;
		this.querySelector('#duplicates').innerHTML = duplicates.status === 'fulfilled'
			? this.duplicates(duplicates.value) : `<div class="problem">${problemHtml(t, duplicates.reason)}</div>`;
		this.printerList = printers.status === 'fulfilled' ? printers.value : [];
		for (const button of this.querySelectorAll('button[data-action]')) {
			button.addEventListener('click', () => {
				this.pendingFocus = button.dataset.focusKey;
				this.act(button.dataset.action, button.dataset.printer);
			});
		}
		if (focused) {
			this.querySelector(`[data-focus-key="${CSS.escape(focused)}"]`)?.focus();
		}
	}

	printers(list) {
		const t = this.t;
		if (list.length === 0) {
			return `<p>${esc(t('printers.none'))}</p>`;
		}
		return `<table>
			<caption>${esc(t('printers.caption'))}</caption>
			<thead><tr><th scope="col">${esc(t('col.printer'))}</th><th scope="col">${esc(t('col.pool'))}</th><th scope="col">${esc(t('col.state'))}</th><th scope="col">${esc(t('col.queue'))}</th><th scope="col">${esc(t('col.inflight'))}</th><th scope="col">${esc(t('col.status'))}</th><th scope="col">${esc(t('col.actions'))}</th></tr></thead>
			<tbody>${list.map((p) => `<tr data-printer="${esc(p.printerId)}">
				<th scope="row">${esc(p.printerId)}</th>
				<td>${esc(p.pool)}</td>
				<td><span class="state state-${esc(String(p.state).toLowerCase())}">${esc(p.state)}</span></td>
				<td data-queue>${esc(p.queueDepth ?? 0)}</td>
				<td>${p.inFlightJobId ? `<code>${esc(p.inFlightJobId)}</code>` : '–'}</td>
				<td>${this.status(p)}</td>
				<td class="row-actions">
					${['failover', 'disable', 'probe-print', 'enable'].map((a) => `<button type="button" data-action="${a}" data-printer="${esc(p.printerId)}" data-focus-key="${a}:${esc(p.printerId)}" aria-label="${esc(t(`printers.${a}.label`, { printer: p.printerId }))}">${esc(t(`printers.${a}`))}</button>`).join('')}
				</td>
			</tr>`).join('')}</tbody>
		</table>`;
	}

	status(p) {
		const t = this.t;
		const s = p.lastStatus;
		if (!s) {
			return '–';
		}
		const problems = [
			s.reachable === false ? t('printers.unreachable') : '', s.paperOut ? t('printers.paperOut') : '',
			s.ribbonOut ? t('printers.ribbonOut') : '', s.headOpen ? t('printers.headOpen') : '',
			s.paused ? t('printers.paused') : '', s.overTemperature ? t('printers.hot') : '',
		].filter(Boolean);
		const failures = p.consecutiveProbeFailures ? ` ${t('printers.probeFailures', { n: p.consecutiveProbeFailures })}` : '';
		return esc((problems.length ? problems.join(', ') : t('printers.ok')) + failures);
	}

	dispatch(d) {
		const t = this.t;
		return `<p>${esc(d.paused ? t('printers.dispatch.paused') : t('printers.dispatch.running'))}
			${d.paused && d.resumesAt ? esc(t('printers.dispatch.until')) + ' ' + when(d.resumesAt, this.language) : ''}</p>
			${d.paused
		? `<button type="button" data-action="resume" data-focus-key="resume">${esc(t('printers.resume'))}</button>`
		: `<button type="button" data-action="pause" data-focus-key="pause">${esc(t('printers.pause'))}</button>`}`;
	}

	unknown(jobs) {
		const t = this.t;
		if (jobs.length === 0) {
			return `<p>${esc(t('printers.unknown.none'))}</p>`;
		}
		return `<table>
			<caption>${esc(t('printers.unknown.caption'))}</caption>
			<thead><tr><th scope="col">${esc(t('col.job'))}</th><th scope="col">${esc(t('col.attendee'))}</th><th scope="col">${esc(t('col.printer'))}</th><th scope="col">${esc(t('col.attempts'))}</th><th scope="col">${esc(t('col.flags'))}</th></tr></thead>
			<tbody>${jobs.map((j) => `<tr><td><code>${esc(j.jobId)}</code></td><td><a href="#/person?id=${encodeURIComponent(j.attendeeId)}">${esc(j.attendeeId)}</a></td><td>${esc(j.printerId ?? '–')}</td><td>${esc(j.attempts ?? 0)}</td><td>${j.possibleDuplicate ? 'possibleDuplicate' : '–'}</td></tr>`).join('')}</tbody>
		</table>`;
	}

	// a failover's possible duplicates (invariant 8): a badge that may have come out twice, to
	// collect at the old printer
	duplicates(jobs) {
		const t = this.t;
		if (jobs.length === 0) {
			return `<p>${esc(t('printers.duplicates.none'))}</p>`;
		}
		return `<table>
			<caption>${esc(t('printers.duplicates.caption'))}</caption>
			<thead><tr><th scope="col">${esc(t('col.job'))}</th><th scope="col">${esc(t('col.attendee'))}</th><th scope="col">${esc(t('col.printState'))}</th><th scope="col">${esc(t('col.printer'))}</th><th scope="col">${esc(t('col.attempts'))}</th><th scope="col">${esc(t('col.printed'))}</th></tr></thead>
			<tbody>${jobs.map((j) => `<tr data-duplicate="${esc(j.jobId)}"><td><code>${esc(j.jobId)}</code></td><td><a href="#/person?id=${encodeURIComponent(j.attendeeId)}">${esc(j.attendeeId)}</a></td><td>${esc(j.state)}</td><td>${esc(j.printerId ?? '–')}</td><td>${esc(j.attempts ?? 0)}</td><td>${when(j.printedAt, this.language)}</td></tr>`).join('')}</tbody>
		</table>`;
	}

	async act(action, printerId) {
		const t = this.t;
		const id = encodeURIComponent(printerId ?? '');
		let request;
		if (action === 'failover') {
			const printer = this.printerList.find((p) => p.printerId === printerId);
			const backups = this.printerList.filter((p) => p.printerId !== printerId && p.pool === printer?.pool);
			const values = await ask(t, {
				title: t('printers.failover.title', { printer: printerId }),
				intro: esc(t('printers.failover.intro')),
				fields: [{
					name: 'backup', label: t('printers.failover.backup'), type: 'select', value: '',
					options: [{ value: '', label: t('printers.failover.any') }, ...backups.map((b) => ({ value: b.printerId, label: b.printerId }))],
				}],
				submit: t('printers.failover.submit'),
			});
			if (!values) {
				return;
			}
			request = async () => {
				const answer = await api.post(`/api/printers/${id}/failover`, { backupPrinterId: values.backup || null });
				return t('printers.failedOver', { moved: (answer.moved ?? []).length, skipped: (answer.skipped ?? []).length, depth: answer.deadDepth ?? 0 });
			};
		} else if (action === 'pause') {
			const values = await ask(t, {
				title: t('printers.pause.title'),
				fields: [{ name: 'minutes', label: t('printers.pause.minutes'), type: 'number', min: 1, value: '10', required: true }],
				submit: t('printers.pause'),
			});
			if (!values) {
				return;
			}
			request = async () => {
				await api.post('/api/dispatch/pause', { ttlSeconds: Math.round(Number(values.minutes) * 60) });
				return t('printers.dispatch.paused');
			};
		} else {
			const confirmKey = action === 'resume' ? 'printers.resume.title' : `printers.${action}.title`;
			const values = await ask(t, { title: t(confirmKey, { printer: printerId }), submit: t(`printers.${action}`) });
			if (!values) {
				return;
			}
			request = async () => {
				const path = action === 'resume' ? '/api/dispatch/resume' : `/api/printers/${id}/${action}`;
				const answer = await api.post(path, {});
				if (action === 'disable') {
					return t('printers.disabled', { printer: printerId, moved: (answer.moved ?? []).length });
				}
				if (action === 'probe-print') {
					return t('printers.probed', { printer: printerId, outcome: answer.outcome });
				}
				return t(`printers.${action}.done`, { printer: printerId, state: answer?.state ?? '' });
			};
		}
		try {
			this.result(`<p class="ok">${esc(await request())}</p>`);
		} catch (e) {
			this.result(`<div class="problem">${problemHtml(t, e)}</div>`);
		}
		await this.refresh().catch(() => {});
	}
}

customElements.define('printers-screen', PrintersScreen);
