import { browser } from 'wxt/browser';
import type { CoachHandle } from '@/lib/coach/handle';
import type { Observable } from '@/lib/observable';
import { OVERLAY_MIRROR_KEY, placeFromMirror } from '@/lib/overlay/site-prefs';
import type { ShareHandle } from '@/lib/share/handle';
import type { ContentDeps } from './deps';
import { OVERLAY_TAG } from '../content-ui/contract';

/**
 * The overlay in this (top) page, with the page's own search, log and status, and the coach it is given: the page's
 * own controller, or the stand-in for one in a chat frame. `chatParts` are what the panel must keep clear.
 */
export async function mountPageOverlay(
  { ctx, context, status, live, log, rpc, ui }: ContentDeps,
  parts: {
    coach: Observable<CoachHandle | null>;
    share: Observable<ShareHandle | null>;
    chatParts: () => Element[];
    chatCategory?: Observable<string | null>;
  },
  signal: AbortSignal,
): Promise<void> {
  // The place on this site from the background's mirror in extension storage, read while the UI loads.
  const [mirrored, { mountOverlay }] = await Promise.all([
    browser.storage.local.get(OVERLAY_MIRROR_KEY).catch(() => ({}) as Record<string, unknown>),
    ui(),
  ]);
  if (signal.aborted) return;
  const place = placeFromMirror(mirrored[OVERLAY_MIRROR_KEY], location.hostname);
  await mountOverlay(
    ctx,
    {
      context,
      status,
      live,
      log,
      ...parts,
      search: rpc,
      place,
      savePrefs: (next) => void rpc.setOverlayPrefs(location.href, next),
      isOurs: (el) => el.closest(OVERLAY_TAG) !== null,
    },
    signal,
  );
}
