import { describe, expect, it } from 'vitest';
import { screenshot, screenshotOnFailure, useHarness } from './harness';
import { usePilotServer } from './pilot-room';
import { exportJsonl, openOptions, waitForStored } from './options-page';

interface Stored {
  id: string;
  agent: string;
  action: string;
  conversation: string | null;
  payload: { text?: string; acts?: string[]; act?: string; via?: string; composeMs?: number };
}

describe('the coached Seller on the pilot chat', () => {
  const harness = useHarness();
  const { server, roomFor, startChat } = usePilotServer(harness);

  it('holds a message until an act is chosen, unlocks follow-ups, enforces limits, and logs every message with its acts', async () => {
    const h = harness();
    screenshotOnFailure(h, 'coach');
    const room = await roomFor('B.IIc', 1);
    const { seller, buyer } = await startChat(room, 'headphones');
    await seller.getByTestId('fw-acts').waitFor();
    const theirs = () => buyer.locator('.msg.theirs[data-sender="seller"]').allInnerTexts();
    const say = async (text: string) => {
      await buyer.getByTestId('buyer-input').fill(text);
      await buyer.getByTestId('buyer-input').press('Enter');
      await expect.poll(() => seller.locator('#messages .msg.buyer').last().innerText()).toBe(text);
    };

    // Follow-ups are locked before their parent; the guidance says to greet.
    expect(await seller.getByTestId('fw-act-ask_use_more').isDisabled()).toBe(true);
    expect(await seller.getByTestId('fw-guidance').innerText()).toContain('Greet and offer help');

    await say('Hi, I need headphones for my dad.');
    await seller.locator('#input').fill('Hello! How can I help?');
    await seller.locator('#input').press('Enter');
    await seller.getByTestId('fw-choose-act').waitFor();
    await seller.waitForTimeout(300);
    expect(await theirs()).toEqual([]); // held: nothing reached the Buyer
    await screenshot(seller, 'coach-choose-act');
    await seller.keyboard.press('1'); // "1" or "10": waits a moment, then takes act 1
    await expect.poll(theirs).toEqual(['Hello! How can I help?']);
    expect(await seller.locator('#input').inputValue()).toBe(''); // the digit did not go into the message

    await say('He listens to classical music at home.');
    await seller.locator('#input').fill('How will he use them, mostly at home?');
    await seller.locator('#send').click();
    await seller.getByTestId('fw-choose-act').waitFor();
    await seller.getByTestId('fw-act-ask_use').click(); // choosing while held sends
    await expect.poll(theirs).toEqual(['Hello! How can I help?', 'How will he use them, mostly at home?']);

    // 3a unlocked by 3; chosen by keyboard as "3" then "a".
    await expect.poll(() => seller.getByTestId('fw-act-ask_use_more').isEnabled()).toBe(true);
    await say('Yes, in his armchair, for hours.');
    await seller.locator('#input').fill('Does he prefer over-ear ones for long sessions?');
    await seller.locator('#input').press('Enter');
    await seller.getByTestId('fw-choose-act').waitFor();
    await seller.keyboard.press('3');
    await seller.keyboard.press('a');
    await expect.poll(async () => (await theirs()).length).toBe(3);

    // Budget: at most once.
    await say('Comfort matters most.');
    await seller.getByTestId('fw-act-ask_budget').click(); // chosen ahead, then Enter sends at once
    await seller.locator('#input').fill('What budget do you have in mind?');
    await seller.locator('#input').press('Enter');
    await expect.poll(async () => (await theirs()).length).toBe(4);
    await expect.poll(() => seller.getByTestId('fw-act-ask_budget').isDisabled()).toBe(true);
    expect(await seller.getByTestId('fw-acts').innerText()).toContain('Used once: at most once per conversation');
    expect(await seller.getByTestId('fw-turns').innerText()).toContain('turn 4');
    await screenshot(seller, 'coach-checklist');

    // Stored in the extension, each message once, with its acts, and the Buyer's messages too.
    const options = await openOptions(h);
    await waitForStored(options, 12);
    const { lines } = await exportJsonl(options);
    const events = (lines as Stored[]).filter((e) => e.conversation === room.conversation);
    const sellerUtters = events.filter((e) => e.agent === 'Seller' && e.action === 'utter');
    expect(sellerUtters.map((e) => [e.payload.text, e.payload.acts])).toEqual([
      ['Hello! How can I help?', ['greet']],
      ['How will he use them, mostly at home?', ['ask_use']],
      ['Does he prefer over-ear ones for long sessions?', ['ask_use_more']],
      ['What budget do you have in mind?', ['ask_budget']],
    ]);
    expect(sellerUtters.every((e) => typeof e.payload.composeMs === 'number')).toBe(true);
    expect(events.filter((e) => e.action === 'select_act').map((e) => [e.payload.act, e.payload.via])).toEqual([
      ['greet', 'keyboard'],
      ['ask_use', 'mouse'],
      ['ask_use_more', 'keyboard'],
      ['ask_budget', 'mouse'],
    ]);
    expect(events.filter((e) => e.agent === 'Buyer' && e.action === 'utter')).toHaveLength(4);

    // The server logged the same messages under the same ids (one event each once synced).
    const rows = await server().sql.query<{ id: string; acts: string | null; compose: string | null }>(
      "SELECT id::text AS id, event->'payload'->>'acts' AS acts, event->'payload'->>'composeMs' AS compose FROM events WHERE conversation = $1 AND agent = 'Seller' AND action = 'utter' ORDER BY time",
      [room.conversation],
    );
    expect(rows.map((r) => r.id)).toEqual(sellerUtters.map((e) => e.id));
    expect(rows.map((r) => JSON.parse(r.acts ?? 'null') as unknown)).toEqual(sellerUtters.map((e) => e.payload.acts));
    expect(rows.map((r) => Number(r.compose))).toEqual(sellerUtters.map((e) => e.payload.composeMs));
    const buyerIds = events.filter((e) => e.agent === 'Buyer' && e.action === 'utter').map((e) => e.id);
    const serverBuyer = await server().sql.query<{ id: string }>("SELECT id::text AS id FROM events WHERE conversation = $1 AND agent = 'Buyer' AND action = 'utter' ORDER BY time", [room.conversation]);
    expect(serverBuyer.map((r) => r.id)).toEqual(buyerIds);
  });
});
