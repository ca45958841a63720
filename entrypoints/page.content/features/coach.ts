import type { ChatAdapter } from '@/lib/adapters/chat';
import type { CoachController } from '@/lib/coach/controller';
import { holdSendsUntilStarted } from '@/lib/coach/hold-until-started';
import { newId } from '@/lib/ids';
import { firstValue } from '@/lib/observable';
import { onAbort } from '@/lib/features/on-abort';
import { LIVE_TOPICS } from '@/lib/live/change';
import { parseCondition } from '@/lib/study/condition';
import type { ContentDeps } from '../deps';
import { defineFeature } from '../define-feature';

/** The coaching checklist's controller for the overlay, once the page context says the study's coaching. */
export default defineFeature({
  matches: 'chat',
  async start({ adapter: adapterReady, context, live, log, rpc, coach, ui }, signal) {
    const adapter = await adapterReady;
    // Sends are held from the moment the chat is known, not only once the controller has what it needs from the
    // service worker; one tried meanwhile is the controller's to take up.
    const early = holdSendsUntilStarted(document, adapter, signal);
    let triedEarly = false;
    const controller = await startController(adapter, { context, log, rpc, ui }, signal).finally(() => (triedEarly = early.stop()));
    if (triedEarly) controller.retryHeldSend();
    coach.set(controller);
    // Delete all data (options page) empties the counts and the Buyer profile: the panel shows that at once.
    const off = live.subscribe((change) => {
      if (change?.topic === LIVE_TOPICS.dataDeleted) void controller.reload().catch((e: unknown) => console.warn('[floorwalker] coach', e));
    });
    onAbort(signal, off);
  },
});

async function startController(
  adapter: ChatAdapter,
  { context, log, rpc, ui }: Pick<ContentDeps, 'context' | 'log' | 'rpc' | 'ui'>,
  signal: AbortSignal,
): Promise<CoachController> {
  // Chats that do not name their conversations keep coaching state per page.
  const conversation = adapter.conversationId(document) ?? `page:${location.host}${location.pathname}`;
  // All at once, not one after the other: the page context (asked for once, by the page logger), the schema, and the
  // controller's code, which comes with the UI script a chat page has from the start (see ../content-ui.ts).
  const [pageContext, schema, { CoachController }] = await Promise.all([firstValue(context), rpc.coachingSchema(), ui()]);
  const controller = new CoachController({
    doc: document,
    adapter,
    schema,
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
  return controller;
}
