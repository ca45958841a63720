import { DEFAULT_ALLOWED_HOSTS } from './matches';

/**
 * A site the participant allows logging on, as they type it: "shop.example.com", or an address on it.
 * One site is one host name, on http and https, any port and path; no wildcards, so a whole web is never granted.
 */
export type SiteResult = { ok: true; host: string } | { ok: false; error: string };

const MAX_HOST = 253;
// One label: letters, digits and hyphens, not starting or ending with a hyphen (after IDNA, which URL applies).
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export function parseSite(input: string): SiteResult {
  const text = input.trim();
  if (!text) return { ok: false, error: 'Type a site, such as shop.example.com.' };
  if (text.includes('*') || text === '<all_urls>')
    return { ok: false, error: 'Allow one site at a time; wildcards such as * are not accepted.' };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, error: `“${text}” is not a site address.` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, error: 'Only web sites (http or https) can be allowed.' };
  const host = url.hostname.replace(/\.$/, '');
  if (host.startsWith('[')) return { ok: false, error: 'Use the site’s name rather than an IPv6 address.' };
  const labels = host.split('.');
  if (host.length > MAX_HOST || !labels.every((l) => LABEL.test(l))) return { ok: false, error: `“${text}” is not a site address.` };
  return { ok: true, host };
}

/** The match patterns (permission origins and content-script matches) that cover one site. */
export function originsFor(host: string): string[] {
  return [`https://${host}/*`, `http://${host}/*`];
}

/** Hosts allowed in the manifest itself (the pilot chat on this computer); they need no permission. */
export function isBuiltInSite(host: string): boolean {
  return (DEFAULT_ALLOWED_HOSTS as readonly string[]).includes(host);
}

/** The host a granted origin pattern names, or null for patterns wider than one site. */
export function hostOfOrigin(pattern: string): string | null {
  const m = /^(?:https?|\*):\/\/([^/*]+)\/\*$/.exec(pattern);
  return m?.[1] ?? null;
}

/** A site is usable when the browser granted any of its origins (the participant may have revoked one). */
export function grantedHosts(origins: readonly string[]): Set<string> {
  const hosts = new Set<string>();
  for (const o of origins) {
    const h = hostOfOrigin(o);
    if (h) hosts.add(h);
  }
  return hosts;
}
