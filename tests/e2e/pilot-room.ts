import { afterAll, beforeAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { loadEnv } from '../../server/env';
import { startServer, type RunningServer } from '../../server/start';
import { screenshot, type Harness } from './harness';

export interface PilotRoom {
  sellerUrl: string;
  buyerUrl: string;
  room: string;
  conversation: string;
}

/** A pilot server (in memory) for a describe block: rooms in a given condition, and a chat started in one. */
export function usePilotServer(harness: () => Harness) {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(loadEnv({ PORT: '0', LOG_LEVEL: 'warn', SIM_BUYER_THINK_MS: '0', SIM_BUYER_MS_PER_CHAR: '0' }), {
      inMemory: true,
    });
  });
  afterAll(async () => server?.close());
  const running = () => {
    if (!server) throw new Error('pilot server not started');
    return server;
  };

  /** Content-Security-Policy errors on the pilot pages (the server's policy must not break them, or the overlay). */
  const cspErrors: string[] = [];
  const watch = (page: Page) =>
    page.on(
      'console',
      (m) => m.type() === 'error' && /Content Security Policy/i.test(m.text()) && cspErrors.push(`${page.url()}: ${m.text()}`),
    );

  const api = async (path: string, body: unknown) => {
    const s = running();
    const res = await fetch(`${s.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.adminToken}` },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };

  /** A new study in one condition and a Seller's participant code for it. */
  async function studyWithSeller(condition: string, minTurns = 1, name = `Pilot ${condition}`): Promise<{ study: string; code: string }> {
    const study = (await api('/v1/studies', { name, conditions: [condition], minTurns })) as { id: string };
    const { codes } = (await api(`/v1/studies/${study.id}/participants`, {})) as { codes: { code: string }[] };
    return { study: study.id, code: codes[0]?.code ?? '' };
  }

  /** A new study in one condition, a Seller code, and a room for it. */
  async function roomFor(condition: string, minTurns = 1): Promise<PilotRoom> {
    const { code } = await studyWithSeller(condition, minTurns);
    return (await api('/v1/rooms', { code })) as unknown as PilotRoom;
  }

  /** The Seller offers every category, the Buyer picks one: the chat is on. */
  async function startChat(
    room: Pick<PilotRoom, 'sellerUrl' | 'buyerUrl'>,
    category = 'headphones',
  ): Promise<{ seller: Page; buyer: Page }> {
    const h = harness();
    const seller = await h.context.newPage();
    watch(seller);
    await seller.goto(room.sellerUrl);
    await seller.locator('#offer').click();
    const buyer = await h.context.newPage();
    watch(buyer);
    await buyer.goto(room.buyerUrl);
    await buyer.getByTestId(`pick-${category}`).click();
    await buyer.locator('.task').waitFor();
    return { seller, buyer };
  }

  return { server: running, studyWithSeller, roomFor, startChat, cspErrors: () => [...cspErrors] };
}

/**
 * A Seller who has joined a study opens a practice room with a simulated Buyer from the popup; resolves with the
 * Seller page once the overlay is on it (and the popup, still open). `popupShot` names a screenshot of the popup.
 */
export async function openPracticeRoom(h: Harness, category: string, popupShot?: string): Promise<{ seller: Page; popup: Page }> {
  const popup = await h.context.newPage();
  await popup.goto(h.extensionUrl('popup.html'));
  await popup.getByTestId('practice-category').selectOption(category);
  if (popupShot) await screenshot(popup, popupShot);
  const opened = h.context.waitForEvent('page', (p) => p.url().includes('/pilot/seller/'));
  await popup.getByTestId('practice-start').click();
  const seller = await opened;
  await seller.waitForLoadState();
  await seller.locator('floorwalker-overlay').waitFor({ state: 'attached' });
  return { seller, popup };
}

export const buyerMessages = (seller: Page) => seller.locator('#messages .msg.buyer');

/** The Seller writes, picks the act in the coach (coached rooms hold the send until then), and the simulated Buyer answers; returns the answer. */
export async function sellerAct(seller: Page, act: string, text: string): Promise<string> {
  const before = await buyerMessages(seller).count();
  await seller.locator('#input').fill(text);
  await seller.locator('#input').press('Enter');
  await seller.getByTestId('fw-choose-act').waitFor();
  await seller.getByTestId(`fw-act-${act}`).click();
  await expect.poll(() => seller.locator('#messages .msg.seller').last().innerText()).toContain(text);
  await expect.poll(() => buyerMessages(seller).count(), { timeout: 10_000 }).toBeGreaterThan(before);
  return buyerMessages(seller).last().innerText();
}

/** The Buyer sends a message, and it has reached the Seller's page. */
export async function buyerSays(buyer: Page, seller: Page, text: string): Promise<void> {
  await buyer.getByTestId('buyer-input').fill(text);
  await buyer.getByTestId('buyer-input').press('Enter');
  await expect.poll(() => seller.locator('#messages .msg.buyer').last().innerText()).toBe(text);
}

/** The Seller answers with an act chosen in the coach (coached conditions hold a send until then). */
export async function sellerSays(seller: Page, text: string): Promise<void> {
  await seller.locator('#input').fill(text);
  await seller.locator('#input').press('Enter');
  await seller.getByTestId('fw-choose-act').waitFor();
  await seller.keyboard.press('2');
  await expect.poll(() => seller.locator('#messages .msg.seller').last().innerText()).toContain(text.split('\n')[0] ?? text);
}
