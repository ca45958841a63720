import { browser } from 'wxt/browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { OverlayDeps } from '@/components/overlay/Overlay';
import type { CoachHandle } from '@/lib/coach/handle';
import { createEventLog, type LogFn } from '@/lib/logger/event-log';
import { EventSender } from '@/lib/logger/sender';
import { EVENT_PORT, eventChannel } from '@/lib/rpc/event-port';
import { observable, type Observable } from '@/lib/observable';
import { connect } from '@/lib/rpc/connect';
import { PORTS, type ChannelApis, type PageContext } from '@/lib/rpc/api';
import type { RpcClient } from '@/lib/rpc/client';
import type { ShareHandle } from '@/lib/share/handle';
import type { DetectedPage } from '@/lib/storefront/detect';
import type { ContentUi } from '../content-ui/contract';
import { contentUiLoader } from './content-ui';
import { ALL_LIVE_TOPICS, LIVE_TOPICS, type LiveChange } from '@/lib/live/change';
import { onLiveChange } from '@/lib/live/channel';

/** What every content-script feature may use: built once per page, shared, and the only way features talk. */
export interface ContentDeps {
  ctx: ContentScriptContext;
  /** The page's one RPC client to the background. */
  rpc: RpcClient<ChannelApis[typeof PORTS.content]>;
  /** The page's one event sender; `log` stamps and queues an event on it. */
  sender: EventSender;
  log: LogFn;
  /** The page context the page logger asks for; null until it has. */
  context: Observable<PageContext | null>;
  status: OverlayDeps['status'];
  /** The last change recorded by the background (lib/live), null until one arrives: what features re-read on. */
  live: Observable<LiveChange | null>;
  /** Set by the chat features, read by the overlay. */
  coach: Observable<CoachHandle | null>;
  share: Observable<ShareHandle | null>;
  /**
   * What this storefront page is about: its product, a listing, or neither (always neither on chat pages); for the
   * page logger and the "Share to chat" button, which only a product page has.
   */
  page: Observable<DetectedPage>;
  /**
   * The Preact UI (overlay, "Share to chat" button), which this script does not carry: loaded into this frame the
   * first time a feature shows it (see ./content-ui.ts). What the UI shows lives here (the coach, which holds sends
   * from its start, the share controller, the observables above) and runs without it, so nothing that happens while
   * the UI loads is lost: the UI reads the current state when it mounts.
   */
  ui: () => Promise<ContentUi>;
}

/** The dependencies of a page: one RPC client and one event sender, flushed when the page is hidden or left. */
export function createContentDeps(ctx: ContentScriptContext): ContentDeps {
  const rpc = connect(PORTS.content);
  const context = observable<PageContext | null>(null);
  const status = observable({ sent: 0, pending: 0 });
  const live = observable<LiveChange | null>(null);
  // The panel's "saved" count is of events still stored: once all data is deleted it counts from there.
  let acknowledgedBefore = 0;
  let acknowledgedNow = 0;
  // Events go on a port of their own, one plain message per batch (lib/rpc/event-port), not through the RPC client.
  const events = eventChannel(() => browser.runtime.connect({ name: EVENT_PORT }));
  const sender = new EventSender((batch) => events.send(batch), {
    onRejected: (rejected) => console.warn('[floorwalker] events rejected', rejected),
    onProgress: ({ pending, acknowledged }) => {
      acknowledgedNow = acknowledged;
      status.set({ sent: acknowledged - acknowledgedBefore, pending });
    },
  });
  const stopLive = onLiveChange(browser.storage.onChanged, ALL_LIVE_TOPICS, (change) => {
    if (change.topic === LIVE_TOPICS.dataDeleted) {
      acknowledgedBefore = acknowledgedNow;
      status.set({ sent: 0, pending: status.get().pending });
    }
    live.set(change);
  });
  ctx.onInvalidated(() => {
    stopLive();
    sender.stop();
    events.close();
    rpc.close();
  });
  const log = createEventLog(
    context.get,
    (e) => sender.enqueue(e),
    () => location.href,
  );
  const flush = () => sender.flush();
  window.addEventListener('pagehide', flush, { signal: ctx.signal });
  document.addEventListener('visibilitychange', flush, { signal: ctx.signal });
  return {
    ctx,
    rpc,
    sender,
    log,
    context,
    status,
    live,
    coach: observable<CoachHandle | null>(null),
    share: observable<ShareHandle | null>(null),
    page: observable<DetectedPage>({ kind: 'none' }),
    ui: contentUiLoader(() => rpc.loadContentUi()),
  };
}
