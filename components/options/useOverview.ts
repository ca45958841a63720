import { useEffect, useState } from 'preact/hooks';
import type { AdminApi, StoreStatus } from '@/lib/rpc/api';
import type { SiteStatus } from '@/lib/rpc/types';
import type { Settings } from '@/lib/settings';

/** What the page's header, checklist and empty states read: the settings, the event counts and the allowed sites. */
export interface Overview {
  settings: Settings | null;
  status: StoreStatus | null;
  sites: SiteStatus[] | null;
}

/** Read again whenever `version` changes (the page changed something, or the participant pressed Refresh). */
export function useOverview(api: AdminApi, version: number): Overview {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [status, setStatus] = useState<StoreStatus | null>(null);
  const [sites, setSites] = useState<SiteStatus[] | null>(null);
  useEffect(() => {
    api.getSettings().then(setSettings, () => setSettings(null));
    api.getStatus().then(setStatus, () => setStatus(null));
    api.listSites().then(setSites, () => setSites(null));
  }, [api, version]);
  return { settings, status, sites };
}

/** Sites the participant added (the pilot chat on this computer is always allowed and does not count). */
export function addedSites(sites: readonly SiteStatus[] | null): SiteStatus[] {
  return (sites ?? []).filter((s) => !s.builtIn);
}
