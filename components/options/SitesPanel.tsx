import { useEffect, useState } from 'preact/hooks';
import { LIVE_TOPICS } from '@/lib/live/change';
import { useLive } from '../useLive';
import { ActionStatus } from './ActionStatus';
import { browser } from 'wxt/browser';
import type { AdminApi } from '@/lib/rpc/api';
import type { SiteStatus } from '@/lib/rpc/types';
import { originsFor, parseSite } from '@/lib/sites/site';
import { useAction } from './useAction';

/**
 * Where Floorwalker may log: the pilot chat on this computer, plus each shop or chat site the participant adds.
 * Adding one asks the browser for access to that one site (the browser shows its own prompt); removing it gives
 * the access back. Nothing is granted up front.
 */
export function SitesPanel({ api, onChange }: { api: AdminApi; onChange?: () => void }) {
  const [sites, setSites] = useState<SiteStatus[] | null>(null);
  const [input, setInput] = useState('');

  const refresh = () => void api.listSites().then(setSites, (e: unknown) => setMessage({ kind: 'error', text: String(e) }));
  useEffect(refresh, [api]);
  // A site allowed or removed elsewhere (the popup, another options tab) shows here at once.
  useLive([LIVE_TOPICS.settings], refresh);
  const { busy, message, setMessage, act } = useAction(refresh, onChange);

  const allow = (e: Event) => {
    e.preventDefault();
    const parsed = parseSite(input);
    if (!parsed.ok) {
      setMessage({ kind: 'error', text: parsed.error });
      return;
    }
    void act(async () => {
      // Asked here, in the click: only a page can show the browser's prompt.
      const granted = await browser.permissions.request({ origins: originsFor(parsed.host) });
      if (!granted) throw new Error(`Access to ${parsed.host} was not given, so nothing will be logged there.`);
      setSites(await api.allowSite(parsed.host));
      setInput('');
      return `Logging is allowed on ${parsed.host}. Reload its open pages to start.`;
    });
  };

  const remove = (host: string) =>
    void act(async () => {
      setSites(await api.removeSite(host));
      return `${host} removed: nothing more is logged there, and Floorwalker no longer has access to it.`;
    });

  return (
    <section aria-labelledby="sites-h" data-testid="sites-panel">
      <h2 id="sites-h">Allowed sites</h2>
      <p class="muted">Floorwalker logs only on the sites listed here. Add a shop or chat site to log your visits to its product pages.</p>
      <ul class="sites" data-testid="site-list">
        {(sites ?? []).map((s) => (
          <li key={s.host} data-testid="site">
            <span class="site-host">{s.host}</span>
            {s.builtIn ? (
              <span class="muted"> · the pilot chat on this computer</span>
            ) : (
              <>
                {!s.granted && <span class="error"> · access was taken back in the browser</span>}
                <button
                  type="button"
                  class="link-button"
                  disabled={busy}
                  onClick={() => remove(s.host)}
                  aria-label={`Remove ${s.host}`}
                  data-testid={`remove-site-${s.host}`}
                >
                  Remove
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <form class="form-row" onSubmit={allow}>
        <label>
          Site{' '}
          <input value={input} onInput={(e) => setInput(e.currentTarget.value)} placeholder="shop.example.com" data-testid="site-input" />
        </label>
        <button type="submit" disabled={busy} data-testid="site-allow">
          Allow logging on this site
        </button>
      </form>
      <ActionStatus message={message} testId="site-message" />
    </section>
  );
}
