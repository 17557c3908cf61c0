// Message files per language (messages/<lang>.json); every text on the screen comes from them.
const cache = new Map();

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
