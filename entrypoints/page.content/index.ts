import { defineContentScript } from 'wxt/utils/define-content-script';
import { CONTENT_MATCHES } from '@/lib/sites/matches';
import { adapterFromConfig, detectChatAdapter, waitForChatAdapter, type ChatAdapter } from '@/lib/adapters/chat';
import { CHAT_LIST_WAIT_MS } from '@/lib/limits';
import { connect } from '@/lib/rpc/connect';
import { PORTS, type PageContext } from '@/lib/rpc/api';
import { EventSender } from '@/lib/logger/sender';
import { startPageLogger } from '@/lib/logger/start';
import { journalView } from '@/lib/logger/view-journal';
import { startFeatures, type Feature } from '@/lib/features/run';
import { firstValue, observable } from '@/lib/observable';
import { createEventLog } from '@/lib/logger/event-log';
import { browser } from 'wxt/browser';
import { LOGGING_SWITCH_KEY } from '@/lib/logging-switch';
import { CHAT_SITES_MIRROR_KEY, chatSiteFromMirror } from '@/lib/sites/chat-site-mirror';
import { mountOverlay, OVERLAY_TAG } from './overlay';
import { CoachController } from '@/lib/coach/controller';
import { parseCondition } from '@/lib/study/condition';
import { newId } from '@/lib/ids';
import type { ShareController } from '@/lib/share/controller';
import type { DetectedProduct } from '@/lib/storefront/detect';
import { watchProduct } from '@/lib/storefront/watch';
import { startShare } from './share';
import { mountShareButton, SHARE_BUTTON_TAG } from './storefront';

// Wiring only: one RPC client and one event sender for the page, then each feature started on its own.
export default defineContentScript({
  matches: [...CONTENT_MATCHES],
  runAt: 'document_end',
  cssInjectionMode: 'manual',
  // Frames too: shops put product pages in iframes. The chat overlay is for the top page only.
  allFrames: true,
  async main(ctx) {
    const rpc = connect(PORTS.content);
    const topFrame = window.top === window;
    // The pilot chat's built-in adapter is seen at once, so the overlay shows without waiting for anything. The chat
    // features wait for the full answer: a site the participant configured by selectors in the options page (read
    // from the storage mirror, not over the RPC) comes first, and its message list may render late.
    const builtInChat = topFrame && detectChatAdapter(document) !== null;
    const adapterReady = topFrame ? chatAdapterOf(ctx.signal) : Promise.resolve(null);
    const context = observable<PageContext | null>(null);
    const status = observable({ sent: 0, pending: 0 });
    const coach = observable<CoachController | null>(null);
    const share = observable<ShareController | null>(null);
    // The storefront product on this page (none on chat pages), for the logger and the "Share to chat" button.
    const product = observable<DetectedProduct | null>(null);
    const sender = new EventSender((events) => rpc.logEvents(events), {
      onRejected: (rejected) => console.warn('[floorwalker] events rejected', rejected),
      onProgress: ({ pending, acknowledged }) => status.set({ sent: acknowledged, pending }),
    });
    ctx.onInvalidated(() => {
      sender.stop();
      rpc.close();
    });
    const log = createEventLog(context.get, (e) => sender.enqueue(e), () => location.href);
    const flush = () => sender.flush();
    window.addEventListener('pagehide', flush, { signal: ctx.signal });
    document.addEventListener('visibilitychange', flush, { signal: ctx.signal });

    const features: Feature<null>[] = [
      {
        name: 'overlay',
        async start() {
          if (!builtInChat && !(await adapterReady)) return;
          await mountOverlay(ctx, { context, status, log, coach, share, search: rpc, savePrefs: (prefs) => void rpc.setOverlayPrefs(prefs) });
        },
      },
      {
        name: 'share',
        async start(_deps, signal) {
          const adapter = await adapterReady;
          if (adapter) share.set(startShare({ adapter, rpc, log, context }, signal));
        },
      },
      {
        name: 'storefront',
        async start(_deps, signal) {
          if (await adapterReady) return;
          watchProduct(document, signal, product.set);
          // Sellers get a button to send the product to their chat; it shows while the page has a product.
          const pageContext = await firstValue(context);
          if (pageContext.role === 'seller' && !signal.aborted) await mountShareButton(ctx, { product, shareToChat: (p, message) => rpc.shareToChat(p, message) });
        },
      },
      {
        name: 'coach',
        async start(_deps, signal) {
          const adapter = await adapterReady;
          if (!adapter) return;
          // Chats that do not name their conversations keep coaching state per page.
          const conversation = adapter.conversationId(document) ?? `page:${location.host}${location.pathname}`;
          const pageContext = await firstValue(context); // asked for once, by the page logger
          const controller = new CoachController({
            doc: document,
            adapter,
            schema: await rpc.coachingSchema(),
            coaching: parseCondition(pageContext.condition).coaching,
            conversation,
            log,
            load: (c) => rpc.coachState(c),
            save: (c, state) => rpc.saveCoachState(c, state),
            newId,
            profile: {
              load: (c, buyer) => rpc.buyerProfile(c, buyer),
              extract: (c, text, messageId, category) => rpc.extractProfile(c, text, messageId, category),
              update: (c, op) => rpc.updateProfile(c, op),
              suggest: (request) => rpc.suggestReplies(request),
            },
          });
          await controller.start(signal);
          coach.set(controller);
        },
      },
      {
        name: 'page-logger',
        async start(_deps, signal) {
          const adapter = await adapterReady;
          const ignore = (el: Element) => el.closest(`${OVERLAY_TAG}, ${SHARE_BUTTON_TAG}`) !== null;
          let running: AbortController | null = null;
          // (Re)start or stop the logger to match the current context: listeners exist only while logging is on.
          const apply = async () => {
            const pageContext = await rpc.getPageContext(location.href, adapter?.conversationId(document) ?? null);
            context.set(pageContext);
            running?.abort();
            running = null;
            if (!pageContext.logging || signal.aborted) return;
            running = new AbortController();
            const both = AbortSignal.any([signal, running.signal]);
            startPageLogger(
              { doc: document, context: pageContext, ignore, enqueue: (e) => sender.enqueue(e), ...(adapter ? {} : { product, journal: (e, final) => journalView(browser.storage.local, e, final) }) },
              both,
            );
          };
          await apply();
          // A pause, resume, consent or withdrawal elsewhere reaches this page at once.
          const onChanged = (changes: Record<string, unknown>, area: string) => {
            if (area === 'local' && LOGGING_SWITCH_KEY in changes) void apply().catch((e: unknown) => console.warn('[floorwalker] logger switch', e));
          };
          browser.storage.onChanged.addListener(onChanged);
          signal.addEventListener('abort', () => browser.storage.onChanged.removeListener(onChanged), { once: true });
        },
      },
    ];
    await startFeatures(features, null, ctx.signal);
  },
});

async function chatAdapterOf(signal: AbortSignal): Promise<ChatAdapter | null> {
  const mirrored = await browser.storage.local.get(CHAT_SITES_MIRROR_KEY).catch(() => ({}) as Record<string, unknown>);
  const siteConfig = chatSiteFromMirror(mirrored[CHAT_SITES_MIRROR_KEY], location.hostname);
  return waitForChatAdapter(document, siteConfig ? [adapterFromConfig(siteConfig)] : [], signal, CHAT_LIST_WAIT_MS);
}
