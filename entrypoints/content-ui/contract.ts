import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { OverlayDeps } from '@/components/overlay/Overlay';
import type { ShareToChatProps } from '@/components/storefront/ShareToChat';
import type { CoachController } from '@/lib/coach/controller';
import type { ShareController } from '@/lib/share/controller';

/**
 * The content script's Preact UI, which the always-on content script (entrypoints/page.content) does not carry: a
 * script of its own (entrypoints/content-ui) that runs beside it in the frames that show UI and hands these over. On
 * chat sites it comes with the content script (lib/sites/ui-script.ts); elsewhere (a storefront's "Share to chat"
 * button) the background injects it when the frame first shows UI.
 */
export interface ContentUi {
  /** The overlay, in its own shadow root; it goes, and the page gets its room back, when `signal` aborts. */
  mountOverlay(ctx: ContentScriptContext, deps: OverlayDeps, signal?: AbortSignal): Promise<HTMLElement>;
  /** A product page's "Share to chat" button, in its own shadow root like the overlay. */
  mountShareButton(ctx: ContentScriptContext, props: ShareToChatProps): Promise<void>;
  /**
   * The chat's controllers, which only chat pages run: here rather than in the always-on script, since chat pages have
   * this script from the start (lib/sites/ui-script.ts) and no other page needs them.
   */
  CoachController: typeof CoachController;
  ShareController: typeof ShareController;
}

/**
 * Where the two scripts meet: an object on the global of the extension's isolated world, which the UI script shares
 * with the content script (the page's own scripts never see it), made by whichever of them runs first. Either may: the
 * UI script runs before the content script where it is registered with it, after it where it is injected on request,
 * and twice when a request was already under way as a registered copy ran.
 */
export interface ContentUiSlot {
  /** The UI, once a copy of the UI script has run in this frame. */
  ui: ContentUi | null;
  /** The content script's requests for the UI that came before it. */
  waiting: ((ui: ContentUi) => void)[];
}

/** The slot's name on the isolated world's global (not the one the single-path hand-over used: its value differed). */
export const CONTENT_UI_SLOT = '__floorwalkerContentUiSlot';

export function contentUiSlot(): ContentUiSlot {
  const scope = globalThis as Record<string, unknown>;
  return (scope[CONTENT_UI_SLOT] ??= { ui: null, waiting: [] }) as ContentUiSlot;
}

/** The UI's shadow hosts, named here so the always-on script (the page logger) can tell them apart from the page. */
export const OVERLAY_TAG = 'floorwalker-overlay';
export const SHARE_BUTTON_TAG = 'floorwalker-share';
