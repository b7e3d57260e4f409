// Small helpers the middleware share for editing an answer's headers.

/** RFC 9110 § 12.5.5: Vary is a set of field names, compared case-insensitively; `*` absorbs the rest. */
export function appendVary(headers: Headers, value: string) {
  const current = headers.get('Vary');
  if (!current) return headers.set('Vary', value);
  const names = new Map<string, string>();
  for (const name of `${current},${value}`.split(',')) {
    const trimmed = name.trim();
    if (trimmed && !names.has(trimmed.toLowerCase())) names.set(trimmed.toLowerCase(), trimmed);
  }
  headers.set('Vary', names.has('*') ? '*' : [...names.values()].join(', '));
}

/** For headers that need the data file: if it cannot load, the answer still goes out (onError logs why). */
export function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
