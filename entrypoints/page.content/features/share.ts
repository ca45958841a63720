import { browser } from 'wxt/browser';
import type { ChatAdapter } from '@/lib/adapters/chat';
import type { ContentDeps } from '../deps';
import type { ShareController } from '@/lib/share/controller';
import { DEFAULT_CONDITION, parseCondition } from '@/lib/study/condition';
import { isShareFromPage, type ShareFromPage, type ShareToChatResult } from '@/lib/rpc/tab-messages';
import { newId } from '@/lib/ids';
import { listenUntilAbort, onAbort } from '@/lib/features/on-abort';
import { defineFeature } from '../define-feature';

/**
 * The chat page's share feature: the controller the overlay's share controls use, this tab's place in the
 * background's list of chat tabs, and products arriving from a product page's "Share to chat".
 */
export default defineFeature({
  matches: 'chat',
  async start(deps, signal) {
    // The controller's code comes with the UI script, which a chat page has from the start (see ../content-ui.ts).
    const [adapter, { ShareController }] = await Promise.all([deps.adapter, deps.ui()]);
    deps.share.set(startShare(adapter, ShareController, deps, signal));
  },
});

function startShare(
  adapter: ChatAdapter,
  Controller: typeof ShareController,
  { rpc, log, context }: ContentDeps,
  signal: AbortSignal,
): ShareController {
  const share = new Controller({
    doc: document,
    adapter,
    studySharing: () => {
      try {
        return parseCondition(context.get()?.condition ?? '').sharing;
      } catch {
        return DEFAULT_CONDITION.sharing;
      }
    },
    log,
    newId,
  });
  share.start(signal);
  onAbort(
    signal,
    context.subscribe(() => share.refresh()),
  );

  // The chat tab used last is where product pages share to: say so at start and whenever it comes to the front.
  const register = () =>
    void rpc
      .registerChatTab(adapter.conversationId(document), document.title || location.hostname)
      .catch((e: unknown) => console.warn('[floorwalker] chat tab', e));
  register();
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && register(), { signal });
  window.addEventListener('focus', register, { signal });

  const receive = async (msg: ShareFromPage): Promise<ShareToChatResult> => {
    try {
      // The pilot shop's pages are the catalog's products: share them as such, with the catalog's details.
      const catalog = await rpc.catalogProduct(msg.product.id).catch(() => null);
      const item = { product: catalog ?? msg.product, from: 'product_page' as const };
      const outcome = share.mode() === 'III' ? share.addToList(item) : await share.share([item], msg.message);
      return { ok: true, outcome, chat: document.title };
    } catch (e) {
      return { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
  };
  const onMessage = (msg: unknown, sender: { id?: string | undefined }, sendResponse: (r: ShareToChatResult) => void): true | undefined => {
    if (sender.id !== browser.runtime.id) return undefined;
    if (!isShareFromPage(msg)) return undefined;
    void receive(msg).then(sendResponse);
    return true; // answers asynchronously
  };
  listenUntilAbort(browser.runtime.onMessage, onMessage, signal);
  return share;
}
