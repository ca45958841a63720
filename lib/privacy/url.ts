/**
 * URLs are logged without query string and fragment (they often hold search terms, session ids or e-mail
 * addresses) unless the study allows them. Credentials in the authority are always dropped.
 */
export function sanitizeUrl(raw: string, opts: { keepQuery?: boolean } = {}): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol === 'javascript:' || url.protocol === 'data:' || url.protocol === 'blob:') return null;
  // mailto:, tel:, sms: … hold the address itself: keep only which kind of link it was.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return url.protocol;
  url.username = '';
  url.password = '';
  if (!opts.keepQuery) {
    url.search = '';
    url.hash = '';
  }
  return url.toString();
}
