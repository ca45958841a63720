import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { CONTENT_UI_GLOBAL, type ContentUi, type ContentUiReceiver } from './contract';
import { mountOverlay } from './overlay';
import { mountShareButton } from './share-button';

/**
 * The content script's Preact UI (see ./contract.ts): injected by the background, at the content script's request,
 * into the one frame that shows it; never part of the content script that runs in every frame of every allowed page.
 */
export default defineUnlistedScript(() => {
  const receive = (globalThis as Record<string, unknown>)[CONTENT_UI_GLOBAL];
  const ui: ContentUi = { mountOverlay, mountShareButton };
  if (typeof receive === 'function') (receive as ContentUiReceiver)(ui);
});
