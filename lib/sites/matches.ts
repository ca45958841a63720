/**
 * Pages the content script is injected into without asking: the local pilot server and fixtures.
 * Other storefronts are added per site, with optional host permissions, when the participant allows them.
 * Match patterns ignore the port, so every local port is covered.
 */
export const CONTENT_MATCHES = ['http://localhost/*', 'http://127.0.0.1/*'] as const;

/** Origins (scheme + host, any port) where logging is allowed until the participant changes it. */
export const DEFAULT_ALLOWED_HOSTS = ['localhost', '127.0.0.1'] as const;

/** True when the page's host is in the allowed list; ports and paths do not matter. */
export function isAllowedUrl(url: string, allowedHosts: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return allowedHosts.includes(parsed.hostname);
}
