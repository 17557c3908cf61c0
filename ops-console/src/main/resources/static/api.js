// The console's API as the page calls it: same origin, the session cookie, the CSRF token in a
// header on every change, and every error as the RFC 9457 problem the console or a service sent.
let csrf = null;

export class Problem extends Error {
	constructor(status, problem) {
		super(problem.detail || problem.title || `HTTP ${status}`);
		this.status = status;
		this.problem = problem;
	}

	get slug() {
		return (this.problem.type || '').split('/').pop();
	}
}

async function answer(response) {
	const text = await response.text();
	let body = null;
	if (text) {
		try {
			body = JSON.parse(text);
		} catch {
			body = { title: text.slice(0, 200) };
		}
	}
	if (!response.ok) {
		if (response.status === 401 && !response.url.endsWith('/login')) {
			window.dispatchEvent(new CustomEvent('ops-console:unauthorized'));
		}
		throw new Problem(response.status, body ?? { title: `HTTP ${response.status}` });
	}
	return body;
}

export function useCsrf(token) {
	csrf = token;
}

export async function get(path) {
	return answer(await fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' }));
}

export async function post(path, body) {
	const headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
	if (csrf) {
		headers[csrf.headerName] = csrf.token;
	}
	return answer(await fetch(path, {
		method: 'POST', headers, credentials: 'same-origin', body: JSON.stringify(body ?? {}),
	}));
}

export async function login(username, password) {
	const token = (await get('/api/csrf')).csrf;
	const response = await fetch('/login', {
		method: 'POST',
		credentials: 'same-origin',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', [token.headerName]: token.token },
		body: new URLSearchParams({ username, password }),
	});
	await answer(response);
}

export async function logout() {
	await post('/logout', {});
	csrf = null;
}

export async function me() {
	const who = await get('/api/me');
	useCsrf(who.csrf);
	return who;
}

// a key for one action the user is about to take: sent again, the service changes nothing
export function actionKey() {
	if (crypto.randomUUID) {
		return crypto.randomUUID();
	}
	const bytes = crypto.getRandomValues(new Uint8Array(16));
	return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
