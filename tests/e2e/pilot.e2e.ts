import { describe, expect, it } from 'vitest';
import { screenshot, useHarness } from './harness';
import { buyerSays, usePilotServer } from './pilot-room';
import { TYPING_IDLE_MS } from '../../server/pilot/client/typing';

describe('pilot chat pages in real Chromium', () => {
  const harness = useHarness();
  const { server, roomFor, startChat, cspErrors } = usePilotServer(harness);

  it('shows the Buyer their task as each priming condition says', async () => {
    for (const priming of ['A', 'B', 'C', 'D'] as const) {
      const { seller, buyer } = await startChat(await roomFor(`${priming}.IIc`));
      const task = buyer.locator('.task');
      expect(await task.getAttribute('data-priming')).toBe(priming);
      const targets = task.locator('.cards > div');
      expect(await targets.count()).toBe(3);
      const persona = buyer.getByTestId('persona');
      if (priming === 'A') {
        expect(await persona.count()).toBe(0); // no persona
        expect(await task.locator('.thumbs').count()).toBe(0); // one image each
      } else {
        expect(await persona.innerText()).toMatch(/^You are \w+\./);
      }
      if (priming === 'B') expect(await task.locator('.thumbs img').count()).toBeGreaterThan(0);
      if (priming === 'C') {
        expect(await task.locator('.details').count()).toBe(3);
        expect(await task.locator('dl').count()).toBe(3);
      } else {
        expect(await task.locator('.details').count()).toBe(0);
      }
      if (priming === 'D') {
        await task.locator('.card img').first().click();
        const modal = buyer.getByRole('dialog');
        await modal.waitFor();
        expect(await modal.locator('img').count()).toBeGreaterThanOrEqual(1);
        await screenshot(buyer, 'pilot-buyer-D-popup');
        await modal.getByRole('button', { name: 'Close' }).click();
      }
      await screenshot(buyer, `pilot-buyer-${priming}`);
      await Promise.all([seller.close(), buyer.close()]);
    }
  });

  it('runs a chat between the pages, survives a dropped Buyer connection, and ends with a confirmed guess', async () => {
    const room = await roomFor('B.IIc+v', 1);
    const { seller, buyer } = await startChat(room, 'lego');
    // The extension overlays the Seller page (it is a chat page to the pilot adapter), not the Buyer page.
    await seller.locator('floorwalker-overlay').waitFor({ state: 'attached' });
    expect(await buyer.locator('floorwalker-overlay').count()).toBe(0);
    await expect.poll(() => seller.locator('#presence').innerText()).toBe('Buyer online');
    // Voice on: the Buyer may speak (Chromium has speech recognition).
    expect(await buyer.getByRole('button', { name: 'Speak instead of typing' }).count()).toBe(1);

    // A Buyer who starts a message and stops is shown typing, then not, without sending anything.
    await buyer.getByTestId('buyer-input').fill('Hi! I want');
    await expect.poll(() => seller.locator('#typing').innerText()).toBe('The Buyer is typing…');
    await expect.poll(() => seller.locator('#typing').innerText(), { timeout: TYPING_IDLE_MS + 3_000 }).toBe('');
    await buyer.getByTestId('buyer-input').fill('Hi! I want a Lego set for my nephew.');
    await buyer.getByTestId('buyer-input').press('Enter');
    await expect.poll(() => seller.locator('#messages .msg.buyer').last().innerText()).toBe('Hi! I want a Lego set for my nephew.');
    await seller.locator('#input').fill('Great! How old is he?');
    await expect.poll(() => buyer.locator('.typing').innerText()).toBe('The Seller is typing…');
    // Coached (B.IIc): Enter is held until the Seller chooses an act; typing its number sends.
    await seller.locator('#input').press('Enter');
    await seller.getByTestId('fw-choose-act').waitFor();
    await seller.keyboard.press('2');
    await expect.poll(() => buyer.locator('.msg.theirs[data-sender="seller"]').last().innerText()).toBe('Great! How old is he?');

    // The Buyer's connection drops; the Seller writes meanwhile; the Buyer sees it once after reconnecting.
    await buyer.evaluate(() => (window as unknown as { fwPilot: { drop(): void } }).fwPilot.drop());
    await expect.poll(() => seller.locator('#presence').innerText()).toBe('Buyer offline');
    await seller.locator('#input').fill('Does he like Star Wars?');
    await seller.getByTestId('fw-act-ask_use').click(); // chosen first, then sent
    await seller.locator('#send').click();
    await expect.poll(() => seller.locator('#presence').innerText(), { timeout: 10_000 }).toBe('Buyer online');
    await expect
      .poll(() => buyer.locator('.msg.theirs[data-sender="seller"]').allInnerTexts())
      .toEqual(['Great! How old is he?', 'Does he like Star Wars?']);
    await screenshot(seller, 'pilot-seller-chat');

    // Sharing II: a product the Seller shares appears to the Buyer as a card with its details.
    await seller.evaluate(() =>
      (window as unknown as { fwPilot: { send(m: unknown): string } }).fwPilot.send({
        type: 'share',
        productIds: ['lego-0002'],
        message: 'What about this one?',
      }),
    );
    const card = buyer.locator('.shared .card[data-product-id="lego-0002"]');
    await card.waitFor();
    expect(await card.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await buyer.locator('.shared').innerText()).toContain('What about this one?');
    await screenshot(buyer, 'pilot-buyer-shared-card');

    // One turn is enough in this study: the Seller guesses, the Buyer confirms, then ends.
    await expect.poll(() => seller.locator('#guess-button').isEnabled()).toBe(true);
    await seller.locator('#guess-product').fill('lego-0001');
    await seller.locator('#guess-button').click();
    await buyer.getByTestId('guess').waitFor();
    await screenshot(buyer, 'pilot-buyer-guess');
    await buyer.getByTestId('confirm-guess').click();
    await expect.poll(() => buyer.getByTestId('outcome').innerText()).toBe('You confirmed the Seller’s guess.');
    await expect.poll(() => seller.locator('#messages').innerText()).toContain('The Buyer confirmed your guess.');
    await buyer.getByTestId('end').click();
    await expect
      .poll(() => seller.locator('#phase').innerText())
      .toMatch(/^The conversation has ended after 1 turns\. Your guess was confirmed\./);
    await screenshot(buyer, 'pilot-buyer-ended');

    const rows = await server().sql.query<{ agent: string; action: string }>(
      'SELECT agent, action FROM events WHERE conversation = $1 ORDER BY time, id',
      [room.conversation],
    );
    expect(rows.map((r) => `${r.agent}.${r.action}`)).toEqual([
      'System.instruct',
      'Buyer.utter',
      'Seller.utter',
      'Seller.utter',
      'Seller.share',
      'Buyer.view_share',
      'Seller.guess',
      'Buyer.confirm',
      'System.instruct',
    ]);
    // The pages' strict Content-Security-Policy broke nothing: not the pages, not the extension's overlay.
    expect((await fetch(room.sellerUrl)).headers.get('Content-Security-Policy')).toMatch(/script-src 'self'/);
    expect(cspErrors()).toEqual([]);
    await Promise.all([seller.close(), buyer.close()]);
  });

  it('shows a message the server refuses as not sent, on either page, and the chat goes on', async () => {
    const { seller, buyer } = await startChat(await roomFor('B.IIu'), 'lego');
    // Text PostgreSQL cannot store (a NUL): refused by its id, so neither page waits for it for ever.
    await buyer.getByTestId('buyer-input').fill('My budget is \u0000 50');
    await buyer.getByTestId('buyer-input').press('Enter');
    const failed = buyer.getByTestId('failed-message');
    await expect.poll(() => failed.innerText()).toMatch(/^My budget is .*50\nNot sent: text: must not contain a NUL character/);
    expect(await buyer.getByTestId('pending-message').count()).toBe(0);
    await screenshot(buyer, 'pilot-buyer-refused');

    await seller.locator('#input').evaluate((el: HTMLTextAreaElement) => (el.value = 'Lone \uD83D half'));
    await seller.locator('#input').press('Enter');
    await seller.getByTestId('fw-choose-act').waitFor(); // the overlay coaches: the send waits for an act
    await seller.keyboard.press('1');
    const refused = seller.locator('#messages .msg.failed');
    await expect.poll(() => refused.innerText()).toMatch(/Not sent: text: must not contain a lone surrogate/);
    expect(await seller.locator('#messages .msg.pending').count()).toBe(0);
    await screenshot(seller, 'pilot-seller-refused');

    await buyerSays(buyer, seller, 'My budget is 50');
    expect(cspErrors()).toEqual([]);
    await Promise.all([seller.close(), buyer.close()]);
  });
});
