import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useHarness, waitFor } from './harness';
import { buyerSays, sellerSays, usePilotServer } from './pilot-room';
import { exportJsonl, openOptions } from './options-page';
import { HOVER_REST_MS, restPointerOn } from './product-page';
import type { FwEvent } from '../../lib/events/event-schema';

type Row = { id: string; agent: string; action: string; payload: Record<string, unknown> };

/** Searches in the overlay and waits for results. */
async function search(seller: Page, text: string): Promise<void> {
  await seller.getByTestId('fw-search-input').fill(text);
  await seller.locator('.fw-result').first().waitFor();
}

/** How long the Buyer rests the pointer on a shared card: its logged dwell is checked against it. */
const CARD_REST_MS = 400;
/**
 * How long the pages are watched, with the pointer on a card made from a hostile page, for its script to run (it
 * would run at once). Nothing running is what is under test, so this is a wait by design.
 */
const INJECTED_CODE_WATCH_MS = 200;

describe('product sharing in real Chromium', () => {
  const harness = useHarness();
  const { server, roomFor, startChat } = usePilotServer(harness);
  const serverEvents = async (conversation: string) =>
    server().sql.query<Row>("SELECT id, agent, action, event->'payload' AS payload FROM events WHERE conversation = $1 ORDER BY time, id", [
      conversation,
    ]);

  it('II: Share Now from search, Share to chat from a product page in another tab, hovers on the cards, a confirmed Guess; stored and exported', async () => {
    const h = harness();
    const room = await roomFor('B.IIc', 1);
    const { seller, buyer } = await startChat(room, 'headphones');
    await seller.locator('floorwalker-overlay').waitFor({ state: 'attached' });
    await buyerSays(buyer, seller, 'I need headphones for classical music at home.');
    await sellerSays(seller, 'Happy to help! Wired or wireless?');

    // Share Now from the search results: a dialog with the product and a message, then a card for the Buyer.
    await search(seller, 'headphones');
    const first = seller.locator('.fw-result').first();
    const productId = (await first.getAttribute('data-product-id')) ?? '';
    const title = await first.locator('.fw-result-title').innerText();
    await first.getByTestId('fw-share-now').click();
    await seller.getByTestId('fw-share-dialog').waitFor();
    await seller.getByTestId('fw-share-message').fill('These are great for orchestral recordings.');
    await screenshot(seller, 'share-II-dialog');
    await seller.getByTestId('fw-share-send').click();
    await expect.poll(() => seller.getByTestId('fw-share-status').innerText()).toBe('The product was shared.');
    const card = buyer.locator(`.shared .card[data-product-id="${productId}"]`);
    await card.waitFor();
    expect(await card.locator('.title').innerText()).toBe(title);
    expect(await buyer.locator('.shared').last().innerText()).toContain('These are great for orchestral recordings.');
    expect(await card.locator('.plink').getAttribute('href')).toMatch(new RegExp(`/pilot/products/${productId}$`));

    // The Buyer looks at the card for a while: logged with the dwell.
    await restPointerOn(buyer, card, CARD_REST_MS, { x: 2, y: 2 });

    // A storefront page in another tab: its "Share to chat" button sends the product to this conversation.
    const shop = await h.context.newPage();
    await shop.goto(`${h.fixtures.url}/shop/jsonld-single.html`);
    await shop.getByTestId('fw-s2c-open').click();
    expect(await shop.getByTestId('fw-s2c-title').innerText()).toBe('Fjord Merino Cardigan');
    await shop.getByTestId('fw-s2c-message').fill('Or, for the concerts, something warm?');
    await screenshot(shop, 'share-II-product-page');
    await shop.getByTestId('fw-s2c-send').click();
    await expect.poll(() => shop.getByTestId('fw-s2c-result').innerText()).toBe('Shared to the chat.');
    const pageCard = buyer.locator('.shared .card[data-product-id="NH-CRD-4471-NVY"]');
    await pageCard.waitFor();
    expect(await pageCard.locator('.title').innerText()).toBe('Fjord Merino Cardigan');
    expect(await pageCard.locator('.meta').innerText()).toBe('€89.99');
    expect(await pageCard.locator('.plink').getAttribute('href')).toMatch(/^https?:\/\//);
    // Looking around the product page: hovers on the gallery and a click on add to cart, then leaving it.
    await shop.locator('#main-image').hover();
    await shop.waitForTimeout(HOVER_REST_MS); // a hover counts only after resting there
    await shop.locator('#thumb-1').hover();
    await shop.waitForTimeout(HOVER_REST_MS);
    await shop.locator('#add-to-cart').click();
    await shop.goto('about:blank'); // leaving logs the product view with its time on page
    await screenshot(buyer, 'share-II-buyer-cards');

    // Guess from the overlay (allowed after 1 turn); the Buyer confirms; both see the outcome.
    await seller.bringToFront();
    await first.getByTestId('fw-guess').click();
    await buyer.getByTestId('guess').waitFor();
    expect(await buyer.getByTestId('guess').locator('.title').innerText()).toBe(title);
    await buyer.getByTestId('confirm-guess').click();
    await expect.poll(() => buyer.getByTestId('outcome').innerText()).toBe('You confirmed the Seller’s guess.');
    await expect.poll(() => seller.locator('#messages').innerText()).toContain('The Buyer confirmed your guess.');
    await screenshot(seller, 'share-II-seller');

    // The server stored each share and the guess once, under the ids the extension logged them by.
    const rows = await serverEvents(room.conversation);
    const shares = rows.filter((r) => r.action === 'share');
    expect(shares.map((r) => r.payload)).toEqual([
      { productIds: [productId], mode: 'II', from: 'search', message: 'These are great for orchestral recordings.' },
      { productIds: ['NH-CRD-4471-NVY'], mode: 'II', from: 'product_page', message: 'Or, for the concerts, something warm?' },
    ]);
    expect(rows.filter((r) => r.agent === 'Buyer' && r.action === 'view_share')).toHaveLength(2);
    const hovers = rows.filter((r) => r.agent === 'Buyer' && r.action === 'hover');
    expect(hovers.length).toBeGreaterThanOrEqual(1);
    expect(hovers[0]?.payload).toMatchObject({ target: 'shared_card', productId });
    expect(Number(hovers[0]?.payload.dwellMs)).toBeGreaterThanOrEqual(CARD_REST_MS - 100);
    expect(rows.find((r) => r.action === 'guess')?.payload).toEqual({ productId });
    expect(rows.find((r) => r.action === 'confirm')?.payload).toMatchObject({ productId, accepted: true });

    // The extension stored the same events (same ids) and the product page's, and exports them.
    const options = await openOptions(h);
    const events = await waitFor(
      async () => {
        const { lines } = await exportJsonl(options);
        const all = lines as FwEvent[];
        return all.some((e) => e.action === 'product_view') && all.filter((e) => e.action === 'share').length === 2 ? all : null;
      },
      15_000,
      'shares and a product view in the export',
    );
    const mine = events.filter((e) => e.action === 'share' || e.action === 'guess');
    expect(mine.map((e) => e.id).sort()).toEqual(
      rows
        .filter((r) => r.action === 'share' || r.action === 'guess')
        .map((r) => r.id)
        .sort(),
    );
    const view = events.find((e) => e.action === 'product_view');
    expect(view?.payload).toMatchObject({
      productId: 'NH-CRD-4471-NVY',
      name: 'Fjord Merino Cardigan',
      price: 89.99,
      currency: 'EUR',
      source: 'json-ld',
    });
    expect(Number((view?.payload as { timeOnPageMs: number }).timeOnPageMs)).toBeGreaterThan(500);
    const pageHovers = events.filter(
      (e) => e.agent === 'Page' && e.action === 'hover' && (e.payload as { productId?: string }).productId === 'NH-CRD-4471-NVY',
    );
    expect(pageHovers.map((e) => (e.payload as { image: { role: string } }).image.role).sort()).toEqual(['main', 'thumbnail']);
    const cart = events.find(
      (e) => e.agent === 'Page' && e.action === 'click' && (e.payload as { element: { id?: string } }).element.id === 'add-to-cart',
    );
    expect(cart?.payload).toMatchObject({ productId: 'NH-CRD-4471-NVY' });
    await Promise.all([seller.close(), buyer.close(), shop.close(), options.close()]);
  });

  it('III: collects a list from search and a product page, shares it for comparison', async () => {
    const h = harness();
    const room = await roomFor('B.IIIc', 1);
    const { seller, buyer } = await startChat(room, 'running_shoes');
    await seller.locator('floorwalker-overlay').waitFor({ state: 'attached' });
    await buyerSays(buyer, seller, 'Trail shoes for muddy runs, please.');
    await sellerSays(seller, 'Sure, let me find a few to compare.');

    await search(seller, 'trail');
    const results = seller.locator('.fw-result');
    const ids = [
      (await results.nth(0).getAttribute('data-product-id')) ?? '',
      (await results.nth(1).getAttribute('data-product-id')) ?? '',
    ];
    await results.nth(0).getByTestId('fw-add-to-list').click();
    await results.nth(1).getByTestId('fw-add-to-list').click();
    expect(await results.nth(0).getByTestId('fw-add-to-list').innerText()).toBe('In list ✓');
    // A product page adds to the same list (condition III collects before sharing).
    const shop = await h.context.newPage();
    await shop.goto(`${h.fixtures.url}/shop/microdata.html`);
    await shop.getByTestId('fw-s2c-open').click();
    await shop.getByTestId('fw-s2c-send').click();
    await expect
      .poll(() => shop.getByTestId('fw-s2c-result').innerText())
      .toBe('Added to the comparison list in the chat (3). Share the list from there.');
    await seller.bringToFront();
    await expect.poll(() => seller.getByTestId('fw-share-list').locator('li').count()).toBe(3);
    await seller.getByTestId('fw-share-list-message').fill('Here are three to compare.');
    await screenshot(seller, 'share-III-list');
    await seller.getByTestId('fw-share-list-send').click();
    await expect.poll(() => seller.getByTestId('fw-share-status').innerText()).toBe('3 products were shared.');
    expect(await seller.getByTestId('fw-share-list').count()).toBe(0);

    const rowsOnPage = buyer.locator('.shared .list tr[data-product-id]');
    await expect.poll(() => rowsOnPage.count()).toBe(3);
    expect(await rowsOnPage.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-product-id')))).toEqual([...ids, 'GLT-SEN-250-LT']);
    expect(await buyer.locator('.shared').last().innerText()).toContain('Here are three to compare.');
    await screenshot(buyer, 'share-III-buyer-list');
    await restPointerOn(buyer, rowsOnPage.nth(1), HOVER_REST_MS, { x: 2, y: 2 });

    const rows = await waitFor(
      async () => {
        const r = await serverEvents(room.conversation);
        return r.some((x) => x.agent === 'Buyer' && x.action === 'hover') ? r : null;
      },
      10_000,
      'a hover on the list',
    );
    expect(rows.filter((r) => r.action === 'share').map((r) => r.payload)).toEqual([
      { productIds: [...ids, 'GLT-SEN-250-LT'], mode: 'III', from: 'search', message: 'Here are three to compare.' },
    ]);
    expect(rows.find((r) => r.agent === 'Buyer' && r.action === 'hover')?.payload).toMatchObject({
      target: 'shared_card',
      productId: ids[1],
    });
    await Promise.all([seller.close(), buyer.close(), shop.close()]);
  });

  it('I: inserts the link into the chat input only; the Buyer opens it on the pilot shop; Share to chat from there inserts too', async () => {
    const h = harness();
    const room = await roomFor('B.Ic', 1);
    const { seller, buyer } = await startChat(room, 'books');
    await seller.locator('floorwalker-overlay').waitFor({ state: 'attached' });
    await buyerSays(buyer, seller, 'A mystery novel for my dad.');
    // No cards in this condition: the only share control puts the link in the message box.
    await search(seller, 'mystery');
    const first = seller.locator('.fw-result').first();
    const productId = (await first.getAttribute('data-product-id')) ?? '';
    const title = await first.locator('.fw-result-title').innerText();
    expect(await first.getByTestId('fw-share-now').count()).toBe(0);
    await seller.locator('#input').fill('Have a look at this:');
    await first.getByTestId('fw-insert-link').click();
    const inserted = await seller.locator('#input').inputValue();
    expect(inserted).toBe(`Have a look at this:\n${title} — ${server().url}/pilot/products/${productId}`);
    await expect.poll(() => buyer.locator('.shared').count()).toBe(0);
    await sellerSays(seller, inserted);

    const link = buyer.locator(`.msg.theirs a[href$="/pilot/products/${productId}"]`);
    await link.waitFor();
    const [productPage] = await Promise.all([h.context.waitForEvent('page'), link.click()]);
    await productPage.waitForLoadState();
    expect(await productPage.locator('h1').innerText()).toBe(title);
    await screenshot(productPage, 'share-I-pilot-product-page');
    // The pilot shop's page is the catalog's product: shared to chat, it becomes a link line in the message box.
    await productPage.getByTestId('fw-s2c-open').click();
    await productPage.getByTestId('fw-s2c-send').click();
    await expect
      .poll(() => productPage.getByTestId('fw-s2c-result').innerText())
      .toBe('The link is in the chat’s message box: press Send there.');
    await expect.poll(() => seller.locator('#input').inputValue()).toBe(`${title} — ${server().url}/pilot/products/${productId}`);
    await screenshot(seller, 'share-I-seller');

    const options = await openOptions(h);
    const shares = await waitFor(
      async () => {
        const all = (await exportJsonl(options)).lines as FwEvent[];
        const s = all.filter((e) => e.action === 'share' && e.conversation === room.conversation);
        return s.length === 2 ? s : null;
      },
      15_000,
      'two URL-only shares',
    );
    expect(shares.map((e) => e.payload)).toEqual([
      { productIds: [productId], mode: 'I', from: 'search' },
      { productIds: [productId], mode: 'I', from: 'product_page' },
    ]);
    // Condition I never sends cards: the server has no share items.
    expect((await serverEvents(room.conversation)).filter((r) => r.action === 'share')).toHaveLength(0);
    await Promise.all([seller.close(), buyer.close(), productPage.close(), options.close()]);
  });

  it('shows hostile page data as text only: no script runs, no javascript: link, a broken image gets a placeholder', async () => {
    const h = harness();
    const room = await roomFor('B.IIc', 1);
    const { seller, buyer } = await startChat(room, 'headphones');
    await seller.locator('floorwalker-overlay').waitFor({ state: 'attached' });
    await buyerSays(buyer, seller, 'Hello!');
    const shop = await h.context.newPage();
    await shop.goto(`${h.fixtures.url}/shop/xss.html`);
    await shop.getByTestId('fw-s2c-open').click();
    expect(await shop.getByTestId('fw-s2c-title').innerText()).toContain('<script>window.__pwned=1</script>');
    await shop.getByTestId('fw-s2c-send').click();
    await expect.poll(() => shop.getByTestId('fw-s2c-result').innerText()).toBe('Shared to the chat.');
    const card = buyer.locator('.shared .card[data-product-id="MUG-XSS-1"]');
    await card.waitFor();
    expect(await card.locator('.title').innerText()).toBe(
      'Nice Mug <script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">',
    );
    expect(await card.locator('.brand').innerText()).toBe('<svg onload=alert(1)>');
    expect(await card.locator('script, svg, img[src^="javascript"], a[href^="javascript"]').count()).toBe(0);
    // The page's javascript: image and address were dropped; the card links to the page it came from.
    expect(await card.locator('.noimg').count()).toBe(1);
    expect(await card.locator('.plink').getAttribute('href')).toBe(`${h.fixtures.url}/shop/xss.html`);
    await card.hover();
    await buyer.waitForTimeout(INJECTED_CODE_WATCH_MS);
    for (const page of [buyer, seller, shop]) expect(await page.evaluate('window.__pwned')).toBeUndefined();
    await screenshot(buyer, 'share-safety-buyer');

    // A product whose picture is broken gets the placeholder instead of a broken-image icon.
    await seller.evaluate(
      `window.fwPilot.send({ type: 'share', products: [{ id: 'BROKEN-1', title: 'Broken picture', image: '${h.fixtures.url}/shop/missing-image.png', source: 'json-ld' }] })`,
    );
    const broken = buyer.locator('.shared .card[data-product-id="BROKEN-1"]');
    await broken.waitFor();
    await expect.poll(() => broken.locator('.noimg').count()).toBe(1);
    // And the server refuses a javascript: address outright, naming the field.
    await seller.evaluate(
      `window.fwPilot.send({ type: 'share', products: [{ id: 'X', title: 'X', url: 'javascript:alert(1)', source: 'json-ld' }] })`,
    );
    await expect.poll(() => seller.locator('#error').innerText()).toMatch(/url.*http\(s\)/);
    await Promise.all([seller.close(), buyer.close(), shop.close()]);
  });
});
