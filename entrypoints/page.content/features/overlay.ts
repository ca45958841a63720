import { defineFeature } from '../define-feature';
import { mountOverlay } from '../overlay';

/** The panel on a chat page: coach, search, share tray and session status. */
export default defineFeature({
  matches: 'chat',
  async start({ ctx, context, status, log, coach, share, rpc }) {
    await mountOverlay(ctx, { context, status, log, coach, share, search: rpc, savePrefs: (prefs) => void rpc.setOverlayPrefs(prefs) });
  },
});
