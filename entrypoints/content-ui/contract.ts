import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { OverlayDeps } from '@/components/overlay/Overlay';
import type { ShareToChatProps } from '@/components/storefront/ShareToChat';

/**
 * The content script's Preact UI, which the always-on content script (entrypoints/page.content) does not carry: the
 * background injects this script (entrypoints/content-ui) into a frame when the frame first shows UI (a chat's
 * overlay, a storefront's "Share to chat" button), and the script hands these to the content script.
 */
export interface ContentUi {
  /** The overlay, in its own shadow root; it goes, and the page gets its room back, when `signal` aborts. */
  mountOverlay(ctx: ContentScriptContext, deps: OverlayDeps, signal?: AbortSignal): Promise<HTMLElement>;
  /** A product page's "Share to chat" button, in its own shadow root like the overlay. */
  mountShareButton(ctx: ContentScriptContext, props: ShareToChatProps): Promise<void>;
}

/**
 * Where the content script waits for its UI: a function on the global of the extension's isolated world, which the
 * injected UI script shares with the content script (the page's own scripts never see it), called with the UI.
 */
export const CONTENT_UI_GLOBAL = '__floorwalkerContentUi';
export type ContentUiReceiver = (ui: ContentUi) => void;

/** The UI's shadow hosts, named here so the always-on script (the page logger) can tell them apart from the page. */
export const OVERLAY_TAG = 'floorwalker-overlay';
export const SHARE_BUTTON_TAG = 'floorwalker-share';
