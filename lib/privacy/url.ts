import { MAX_URL_CHARS } from '../limits';

/**
 * URLs are logged without query string and fragment (they often hold search terms, session ids or e-mail
 * addresses) unless the study allows them. Credentials in the authority are always dropped.
 */
export function sanitizeUrl(raw: string, opts: { keepQuery?: boolean; max?: number } = {}): string | null {
  const max = opts.max ?? MAX_URL_CHARS;
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
  // An address longer than an event keeps would make the whole event invalid, and the event would be lost: the
  // query and fragment go first, then the path is cut (a serialized URL is ASCII, so no character is split).
  let out = url.toString();
  if (out.length > max) {
    url.search = '';
    url.hash = '';
    out = url.toString().slice(0, max);
  }
  return out;
}
