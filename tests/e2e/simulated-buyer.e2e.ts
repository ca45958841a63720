import { describe, expect, it } from 'vitest';
import { screenshot, useHarness, waitFor } from './harness';
import { HOVER_REST_MS, restPointerOn } from './product-page';
import { buyerMessages, openPracticeRoom, sellerAct, usePilotServer } from './pilot-room';
import { joinFromOptions, openOptions } from './options-page';
import type { ConversationRecord } from '../../lib/export/conversation';
import { loadServerCatalog } from '../../server/catalog';

const catalog = await loadServerCatalog();

describe('practice with a simulated Buyer in real Chromium', () => {
  const harness = useHarness();
  const { server, studyWithSeller } = usePilotServer(harness);

  it('B.IIc: started from the popup; coached acts, a search, a Share Now and a confirmed Guess; the exported conversation holds it all', async () => {
    const h = harness();
    const s = server();
    const admin = { Authorization: `Bearer ${s.adminToken}`, 'Content-Type': 'application/json' };
    const { study: studyId, code: sellerCode } = await studyWithSeller('B.IIc', 3, 'Practice study');
    const options = await openOptions(h);
    await joinFromOptions(options, s.url, sellerCode);

    // The popup opens a practice room with a simulated Buyer in the chosen category.
    const { seller, popup } = await openPracticeRoom(h, 'headphones', 'simulated-buyer-popup');

    // The category was chosen in the popup, so the page does not ask again (no offer to make, no Buyer link to
    // send): the simulated Buyer picks headphones and opens the conversation.
    await expect.poll(() => seller.locator('#phase').getAttribute('data-fw-phase')).toBe('chat');
    expect(await seller.locator('#offer').count()).toBe(0);
    expect(await seller.locator('#invite').isVisible()).toBe(false);
    expect(await seller.locator('#phase').innerText()).toMatch(/^Category: Headphones\./);
    await expect.poll(() => buyerMessages(seller).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await buyerMessages(seller).first().innerText()).toLowerCase()).toContain('headphones');
    const code = new URL(seller.url()).pathname.split('/').pop() ?? '';
    const [room] = await s.sql.query<{ id: string; persona: string }>(
      `SELECT id, state->>'persona' AS persona FROM rooms WHERE code = $1`,
      [code],
    );
    const persona = catalog.persona(room?.persona ?? '');
    expect(persona?.category).toBe('headphones');

    // Coached acts, each answered by the Buyer in keeping with its persona.
    await sellerAct(seller, 'greet', 'Hi there! How are you today? What can I help you find?');
    await sellerAct(seller, 'ask_recipient', 'Is this for you, or is it a gift?');
    const features = await sellerAct(seller, 'ask_features', 'Are there any features you are looking for?');
    expect(features.length).toBeGreaterThan(3);
    const budget = await sellerAct(seller, 'ask_budget', 'What price range are you thinking of?');
    expect(budget).toMatch(/\$\d+/);

    // A search for one of the persona's targets (the test knows the answer), a look at its image, and Share Now.
    const target = catalog.product(persona?.targets[0] ?? '');
    expect(target).toBeDefined();
    await seller.getByTestId('fw-search-input').fill(target?.title.split(' ').slice(0, 4).join(' ') ?? '');
    const result = seller.locator(`.fw-result[data-product-id="${target?.id}"]`);
    await result.waitFor();
    await restPointerOn(seller, result.locator('.fw-result-img'), HOVER_REST_MS, { x: 5, y: 5 });
    const before = await buyerMessages(seller).count();
    await result.getByTestId('fw-share-now').click();
    await seller.getByTestId('fw-share-dialog').waitFor();
    await seller.getByTestId('fw-share-message').fill('These fit what you told me. What do you think?');
    await seller.getByTestId('fw-share-send').click();
    await expect.poll(() => seller.getByTestId('fw-share-status').innerText()).toBe('The product was shared.');
    await expect.poll(() => buyerMessages(seller).count(), { timeout: 10_000 }).toBeGreaterThan(before);
    // Asked about the product first, or said it likes it: either way the Seller answers with a recommendation.
    await sellerAct(seller, 'recommend', `The ${target?.title} is $${target?.price} and rated ${target?.rating} stars.`);

    // The Guess: the simulated Buyer confirms a target.
    await result.getByTestId('fw-guess').click();
    await expect.poll(() => seller.locator('#messages').innerText(), { timeout: 10_000 }).toContain('The Buyer confirmed your guess.');
    await sellerAct(seller, 'thank', 'Thank you so much for shopping with us today!');
    await screenshot(seller, 'simulated-buyer-seller');

    // The extension uploads its events (search, hovers, acts); the server's per-conversation export joins them
    // with the room's (every turn, the shares, the Buyer's look at the card, the outcome).
    const exportConversation = async (): Promise<ConversationRecord | undefined> => {
      const res = await fetch(`${s.url}/v1/studies/${studyId}/export?format=conversations`, { headers: admin });
      const text = await res.text();
      const records = text.trim().startsWith('[')
        ? (JSON.parse(text) as ConversationRecord[])
        : text
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as ConversationRecord);
      return records.find((r) => r.conversation === room?.id);
    };
    const rec = await waitFor(
      async () => {
        await options
          .getByTestId('sync-now')
          .click()
          .catch(() => undefined);
        const r = await exportConversation();
        return r && r.searches.length > 0 && r.hovers.some((x) => x.agent === 'Seller') ? r : null;
      },
      30_000,
      'the Seller search and hover uploaded',
    );
    const sellerTurns = rec.turns.filter((t) => t.speaker === 'Seller');
    const buyerTurns = rec.turns.filter((t) => t.speaker === 'Buyer');
    expect(sellerTurns.length).toBeGreaterThanOrEqual(6);
    expect(sellerTurns.every((t) => (t.acts ?? []).length === 1)).toBe(true);
    expect(sellerTurns.map((t) => t.acts?.[0])).toEqual(['greet', 'ask_recipient', 'ask_features', 'ask_budget', 'recommend', 'thank']);
    expect(buyerTurns.length).toBeGreaterThanOrEqual(7);
    expect(rec.turns.map((t) => t.text)).toContain(budget);
    expect(rec.searches[0]?.query).toBe(target?.title.split(' ').slice(0, 4).join(' '));
    expect(rec.shares).toEqual([
      expect.objectContaining({
        productIds: [target?.id],
        mode: 'II',
        from: 'search',
        message: 'These fit what you told me. What do you think?',
      }),
    ]);
    expect(rec.hovers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ agent: 'Seller', target: 'result_image', productId: target?.id }),
        expect.objectContaining({ agent: 'Buyer', target: 'shared_card', productId: target?.id }),
      ]),
    );
    expect(rec.guess?.productId).toBe(target?.id);
    expect(rec.outcome).toMatchObject({ productId: target?.id, accepted: true });
    expect(rec.condition).toBe('B.IIc');
    expect(rec.turnCount).toBeGreaterThanOrEqual(3);
    await Promise.all([seller.close(), popup.close(), options.close()]);
  });
});
