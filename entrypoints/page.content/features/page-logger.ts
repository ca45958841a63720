import { browser } from 'wxt/browser';
import { startPageLogger } from '@/lib/logger/start';
import { journalView } from '@/lib/logger/view-journal';
import { documentAddress } from '@/lib/storefront/address';
import { onAbort } from '@/lib/features/on-abort';
import { LIVE_TOPICS } from '@/lib/live/change';
import type { PageContext } from '@/lib/rpc/api';
import { defineFeature } from '../define-feature';
import { OVERLAY_TAG, SHARE_BUTTON_TAG } from '../../content-ui/contract';
import { NO_CONVERSATION_ATTR } from '@/lib/pilot/bridge';

/** Hovers, scrolls, clicks, product and listing views, on every page, while logging is on. */
export default defineFeature({
  matches: 'any',
  async start({ adapter: adapterReady, rpc, context, live, sender, page }, signal) {
    const adapter = await adapterReady;
    const ignore = (el: Element) => el.closest(`${OVERLAY_TAG}, ${SHARE_BUTTON_TAG}`) !== null;
    let running: AbortController | null = null;
    // (Re)start or stop the logger to match the current context: listeners exist only while logging is on.
    const apply = async () => {
      // A srcdoc or about:blank frame is on the site of the page that made it (its own address is about:…).
      const address = documentAddress(document) ?? location.href;
      const given = await rpc.getPageContext(address, adapter?.conversationId(document) ?? null);
      // A page that says it belongs to no conversation (the pilot's start page) is not filed under the last chat's.
      const pageContext = document.querySelector(`[${NO_CONVERSATION_ATTR}]`) ? { ...given, conversation: null } : given;
      const before = context.get();
      context.set(pageContext);
      // A setting that leaves what this page logs, and under what, as it was does not restart the logger.
      if (running && before && loggedAs(before) === loggedAs(pageContext)) return;
      running?.abort();
      running = null;
      if (!pageContext.logging || signal.aborted) return;
      running = new AbortController();
      const both = AbortSignal.any([signal, running.signal]);
      startPageLogger(
        {
          doc: document,
          context: pageContext,
          ignore,
          enqueue: (e) => sender.enqueue(e),
          ...(adapter ? {} : { page, journal: (e, final) => journalView(browser.storage.local, e, final) }),
        },
        both,
      );
    };
    await apply();
    // A pause, resume, consent or withdrawal, a site removed, a study joined or left elsewhere reaches this page at once.
    const off = live.subscribe((change) => {
      if (change?.topic === LIVE_TOPICS.settings || change?.topic === LIVE_TOPICS.study)
        void apply().catch((e: unknown) => console.warn('[floorwalker] logger switch', e));
    });
    onAbort(signal, off);
  },
});

/** What the logger's events depend on: whether it runs, and what each event carries. */
function loggedAs({ overlay: _placeOfThePanel, ...rest }: PageContext): string {
  return JSON.stringify(rest);
}
