// Pure (no storage, no network): the options page normalises the address before asking for host permission,
// and must not pull the uploader and Dexie into its chunk to do so.

/** Normalises what a participant types as the endpoint ("localhost:8787" → "http://localhost:8787"). */
export function endpointBase(input: string): string {
  const raw = input.trim();
  const withScheme = /^https?:\/\//i.test(raw) ? raw : `${/^(localhost|127\.|\[::1\])/.test(raw) ? 'http' : 'https'}://${raw}`;
  const url = new URL(withScheme);
  return url.origin;
}
