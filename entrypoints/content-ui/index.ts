import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { CoachController } from '@/lib/coach/controller';
import { ShareController } from '@/lib/share/controller';
import { contentUiSlot } from './contract';
import { offerContentUi } from './offer';
import { mountOverlay } from './overlay';
import { mountShareButton } from './share-button';

/**
 * The content script's Preact UI and the chat's controllers (see ./contract.ts), never part of the content script that runs in every frame of
 * every allowed page: on chat sites it is registered to run with it in the top page; elsewhere the background injects
 * it, at the content script's request, into the one frame that shows it.
 */
export default defineUnlistedScript(() => {
  offerContentUi(contentUiSlot(), { mountOverlay, mountShareButton, CoachController, ShareController });
});
