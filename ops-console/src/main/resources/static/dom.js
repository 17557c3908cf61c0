// Small helpers the screens share: escaping, times, problems, and the dialog that asks for an
// action's reason (or just a confirmation) before anything is sent.
import { format } from './i18n.js';

export function esc(value) {
	return String(value ?? '').replace(/[&<>"']/g, (c) => ({
		'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;',
	}[c]));
}

export function translator(messages) {
	return (key, values) => format(messages, key, values);
}

export function when(iso, language) {
	if (!iso) {
		return '–';
	}
	const date = new Date(iso);
	return Number.isNaN(date.getTime()) ? esc(iso)
		: `<time datetime="${esc(iso)}">${esc(date.toLocaleString(language === 'de' ? 'de-DE' : 'en-GB'))}</time>`;
}

// an RFC 9457 problem as the page shows it: title, detail and the invalid fields
export function problemHtml(t, error) {
	const problem = error.problem ?? { title: t('error.network'), detail: String(error.message ?? error) };
	const fields = (problem.errors ?? []).map((e) => `<li><code>${esc(e.field)}</code>: ${esc(e.message)}</li>`);
	return `<p><strong>${esc(problem.title ?? t('error.title'))}</strong>`
		+ `${problem.status ? ` (${esc(problem.status)})` : ''}: ${esc(problem.detail ?? '')}</p>`
		+ (fields.length ? `<ul>${fields.join('')}</ul>` : '');
}

let dialogs = 0;

// Asks for the fields an action needs in a modal dialog; resolves with their values, or null when
// cancelled. Focus returns to where it was.
export function ask(t, { title, intro = '', fields = [], submit }) {
	const returnTo = document.activeElement;
	const id = `dialog-${++dialogs}`;
	const dialog = document.createElement('dialog');
	dialog.setAttribute('aria-labelledby', `${id}-title`);
	dialog.innerHTML = `<form method="dialog" novalidate>
		<h2 id="${id}-title">${esc(title)}</h2>
		${intro ? `<p>${intro}</p>` : ''}
		${fields.map((f, i) => field(id, i, f)).join('')}
		<p class="form-error" role="alert" hidden></p>
		<div class="buttons">
			<button type="submit" value="ok" class="primary">${esc(submit)}</button>
			<button type="button" value="cancel" data-cancel>${esc(t('action.cancel'))}</button>
		</div>
	</form>`;
	document.body.append(dialog);
	return new Promise((resolve) => {
		const form = dialog.querySelector('form');
		const finish = (values) => {
			dialog.close();
			dialog.remove();
			if (returnTo && document.contains(returnTo)) {
				returnTo.focus();
			}
			resolve(values);
		};
		form.addEventListener('submit', (event) => {
			event.preventDefault();
			const values = {};
			for (const f of fields) {
				values[f.name] = form.elements[f.name].value.trim();
			}
			const missing = fields.find((f) => f.required && !values[f.name]);
			if (missing) {
				const error = form.querySelector('.form-error');
				error.textContent = t('form.required', { field: missing.label });
				error.hidden = false;
				// a choice of radio buttons is a list of them: mark and focus the first
				const control = form.elements[missing.name];
				const first = control instanceof RadioNodeList ? control[0] : control;
				first.setAttribute('aria-invalid', 'true');
				first.focus();
				return;
			}
			finish(values);
		});
		dialog.querySelector('[data-cancel]').addEventListener('click', () => finish(null));
		dialog.addEventListener('cancel', (event) => {
			event.preventDefault();
			finish(null);
		});
		dialog.showModal();
		const first = form.querySelector('input, textarea, select');
		(first ?? form.querySelector('button')).focus();
	});
}

function field(id, i, f) {
	const input = `${id}-${i}`;
	const required = f.required ? ' required aria-required="true"' : '';
	const hint = f.hint ? `<span class="hint" id="${input}-hint">${esc(f.hint)}</span>` : '';
	const described = f.hint ? ` aria-describedby="${input}-hint"` : '';
	let control;
	if (f.type === 'radio') {
		// one choice of a few, each with a sentence on what it does; none is chosen for the
		// user unless the field names a value
		const options = f.options.map((o, j) => `<p class="choice"><input type="radio" id="${input}-${j}" name="${f.name}" value="${esc(o.value)}"${o.value === f.value ? ' checked' : ''}${f.required ? ' required' : ''}${o.description ? ` aria-describedby="${input}-${j}-description"` : ''}><label for="${input}-${j}">${esc(o.label)}</label>${o.description ? `<span class="hint" id="${input}-${j}-description">${esc(o.description)}</span>` : ''}</p>`);
		return `<fieldset class="field choices"${described}><legend>${esc(f.label)}${f.required ? ' *' : ''}</legend>${hint}${options.join('')}</fieldset>`;
	}
	if (f.type === 'textarea') {
		control = `<textarea id="${input}" name="${f.name}" rows="3"${required}${described}>${esc(f.value ?? '')}</textarea>`;
	} else if (f.type === 'select') {
		control = `<select id="${input}" name="${f.name}"${required}${described}>${f.options.map((o) => `<option value="${esc(o.value)}"${o.value === f.value ? ' selected' : ''}>${esc(o.label)}</option>`).join('')}</select>`;
	} else {
		control = `<input id="${input}" name="${f.name}" type="${f.type ?? 'text'}" value="${esc(f.value ?? '')}"${required}${described}${f.min !== undefined ? ` min="${f.min}"` : ''}>`;
	}
	return `<p class="field"><label for="${input}">${esc(f.label)}${f.required ? ' *' : ''}</label>${hint}${control}</p>`;
}

// a screen's polling: every few seconds while the screen is shown and the tab visible
export function every(ms, task) {
	let timer = null;
	let stopped = false;
	const run = async () => {
		if (stopped) {
			return;
		}
		if (document.visibilityState === 'visible') {
			try {
				await task();
			} catch {
				// the screen shows the problem; the next round tries again
			}
		}
		if (!stopped) {
			timer = setTimeout(run, ms);
		}
	};
	timer = setTimeout(run, ms);
	return () => {
		stopped = true;
		clearTimeout(timer);
	};
}
