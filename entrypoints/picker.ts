import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { installPicker } from '@/lib/adapters/pick/frame-api';

/**
 * The chat-site picker, injected by the options page into every frame of the chat's tab (scripting.executeScript
 * with `files`) when the participant picks a part or previews a configuration; never part of the content script.
 */
export default defineUnlistedScript(() => installPicker());
