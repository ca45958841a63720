import type { ContentUi, ContentUiSlot } from './contract';

/**
 * What the UI script does when it runs: puts the UI in the frame's slot and hands it to the requests waiting there.
 * Once per frame: a second copy (registered on a chat site, and injected for a request made before the first copy
 * ran) leaves the first one's UI in place, so the content script and anything it mounted keep one UI.
 */
export function offerContentUi(slot: ContentUiSlot, ui: ContentUi): void {
  if (slot.ui) return;
  slot.ui = ui;
  for (const receive of slot.waiting.splice(0)) receive(ui);
}
