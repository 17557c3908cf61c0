// The agent's local API: the screen talks to nothing else.
export class ApiError extends Error {
	constructor(status, problem) {
		super(problem?.detail ?? `HTTP ${status}`);
		this.status = status;
		this.problem = problem ?? {};
		this.kind = (problem?.type ?? '').split('/').pop() || (status === 0 ? 'network' : 'kiosk-error');
	}
}

let staffToken = null;

export function setStaffToken(token) {
	staffToken = token;
}

export async function call(method, path, body) {
	const headers = { Accept: 'application/json' };
	if (body !== undefined) {
		headers['Content-Type'] = 'application/json';
	}
	if (staffToken && path.startsWith('/api/staff/')) {
		headers.Authorization = `Bearer ${staffToken}`;
	}
	let response;
	try {
		response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
	} catch (error) {
		throw new ApiError(0, { type: 'network', detail: String(error) });
	}
	const text = await response.text();
	let json = null;
	try {
		json = text ? JSON.parse(text) : null;
	} catch (error) {
		json = null;
	}
	if (!response.ok) {
		throw new ApiError(response.status, json);
	}
	return json;
}
