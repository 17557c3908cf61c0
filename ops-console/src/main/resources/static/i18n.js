// Message files per language (messages/<lang>.json); every text on the page comes from them.
const cache = new Map();

export const LANGUAGES = ['en', 'de'];

export async function load(language) {
	if (!cache.has(language)) {
		const response = await fetch(`messages/${language}.json`);
		cache.set(language, await response.json());
	}
	return cache.get(language);
}

export function format(messages, key, values = {}) {
	const text = messages[key] ?? key;
	return text.replace(/\{(\w+)\}/g, (match, name) => (name in values ? String(values[name]) : match));
}

// the language the user chose before (a preference of this browser, nothing the server keeps),
// else the browser's
export function preferredLanguage() {
	const chosen = localStorage.getItem('ops-console.language');
	if (LANGUAGES.includes(chosen)) {
		return chosen;
	}
	const browser = (navigator.language || 'en').slice(0, 2);
	return LANGUAGES.includes(browser) ? browser : 'en';
}

export function remember(language) {
	localStorage.setItem('ops-console.language', language);
}
