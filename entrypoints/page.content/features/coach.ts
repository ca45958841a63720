import { CoachController } from '@/lib/coach/controller';
import { newId } from '@/lib/ids';
import { firstValue } from '@/lib/observable';
import { parseCondition } from '@/lib/study/condition';
import { defineFeature } from '../define-feature';

/** The coaching checklist's controller for the overlay, once the page context says the study's coaching. */
export default defineFeature({
  matches: 'chat',
  async start({ adapter: adapterReady, context, log, rpc, coach }, signal) {
    const adapter = await adapterReady;
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
});
