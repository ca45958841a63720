import { mountShadowUi } from './shadow-ui';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import overlayCss from '@/components/overlay/overlay.css?inline';
import searchCss from '@/components/overlay/search/search.css?inline';
import coachCss from '@/components/overlay/coach/coach.css?inline';
import shareCss from '@/components/overlay/share/share.css?inline';
import { Overlay, type OverlayDeps } from '@/components/overlay/Overlay';
import { OVERLAY_TAG } from './contract';

/** Mounts the overlay in its own shadow root (see mountShadowUi); it goes, and the page gets its room back, when `signal` aborts. */
export function mountOverlay(ctx: ContentScriptContext, deps: OverlayDeps, signal?: AbortSignal): Promise<HTMLElement> {
  return mountShadowUi(ctx, OVERLAY_TAG, `${overlayCss}\n${coachCss}\n${searchCss}\n${shareCss}`, <Overlay {...deps} />, signal);
}
