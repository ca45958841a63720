import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { useTestDbs } from './helpers/db';
import { createRelayService, NO_CHAT_OPEN } from '../../lib/background/relay-service';
import type { ShareFromPage } from '../../lib/rpc/tab-messages';

const dbs = useTestDbs('relay');
const product = { id: 'SKU-1', title: 'Lamp', source: 'json-ld' as const };

describe('relay from product pages to the chat tab', () => {
  it('sends to the chat tab used last, skipping closed ones, and forgets them', async () => {
    const db = dbs.open();
    const sent: { tab: number; msg: ShareFromPage }[] = [];
    let clock = 0;
    const relay = createRelayService(
      db,
      {
        async sendMessage(tab, msg) {
          sent.push({ tab, msg });
          if (tab === 7) throw new Error('No tab with id: 7');
          return { ok: true, outcome: { done: 'sent', mode: 'II' }, chat: `tab ${tab}` };
        },
      },
      () => ++clock,
    );
    await relay.forTab(5).registerChatTab('conv-5', 'Chat 5');
    await relay.forTab(7).registerChatTab('conv-7', 'Chat 7'); // used last, but closed since
    expect(await relay.forTab(9).shareToChat(product, 'Look')).toEqual({ ok: true, outcome: { done: 'sent', mode: 'II' }, chat: 'tab 5' });
    expect(sent.map((s) => s.tab)).toEqual([7, 5]);
    expect(sent[1]?.msg).toEqual({ type: 'fw:share-from-page', product, message: 'Look' });
    sent.length = 0;
    await relay.forTab(9).shareToChat(product);
    expect(sent.map((s) => s.tab)).toEqual([5]); // tab 7 was forgotten
  });

  it('says clearly when no chat is open, and rejects a bad product before sending anything', async () => {
    const db = dbs.open();
    const relay = createRelayService(db, { sendMessage: async () => undefined });
    expect(await relay.forTab(1).shareToChat(product)).toEqual({ ok: false, error: NO_CHAT_OPEN });
    await relay.forTab(2).registerChatTab(null, 'Chat');
    await expect(relay.forTab(1).shareToChat({ ...product, url: 'javascript:alert(1)' } as never)).rejects.toThrow(/product: url/);
    // A tab that answers nothing (no chat any more) is dropped too.
    expect(await relay.forTab(1).shareToChat(product)).toEqual({ ok: false, error: NO_CHAT_OPEN });
  });

  it('shares into the frame a chat frame registered from (a widget of another origin), not its top page', async () => {
    const db = dbs.open();
    const to: { tab: number; frameId: number }[] = [];
    const relay = createRelayService(db, {
      async sendMessage(tab, _msg, { frameId }) {
        to.push({ tab, frameId });
        return { ok: true, outcome: { done: 'inserted', mode: 'I' }, chat: 'widget' };
      },
    });
    await relay.forTab(4, 6).registerChatTab(null, 'Support');
    expect(await relay.forTab(8).shareToChat(product)).toMatchObject({ ok: true });
    expect(to).toEqual([{ tab: 4, frameId: 6 }]);
  });
});
