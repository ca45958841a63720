import { afterAll, beforeAll, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { loadEnv } from '../../server/env';
import { startServer, type RunningServer } from '../../server/start';
import type { Harness } from './harness';

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
    server = await startServer(loadEnv({ PORT: '0', LOG_LEVEL: 'warn', SIM_BUYER_THINK_MS: '0', SIM_BUYER_MS_PER_CHAR: '0' }), { inMemory: true });
  });
  afterAll(async () => server?.close());
  const running = () => {
    if (!server) throw new Error('pilot server not started');
    return server;
  };

  /** Content-Security-Policy errors on the pilot pages (the server's policy must not break them, or the overlay). */
  const cspErrors: string[] = [];
  const watch = (page: Page) => page.on('console', (m) => m.type() === 'error' && /Content Security Policy/i.test(m.text()) && cspErrors.push(`${page.url()}: ${m.text()}`));

  const api = async (path: string, body: unknown) => {
    const s = running();
    const res = await fetch(`${s.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.adminToken}` }, body: JSON.stringify(body) });
    return (await res.json()) as Record<string, unknown>;
  };

  /** A new study in one condition, a Seller code, and a room for it. */
  async function roomFor(condition: string, minTurns = 1): Promise<PilotRoom> {
    const study = (await api('/v1/studies', { name: `Pilot ${condition}`, conditions: [condition], minTurns })) as { id: string };
    const { codes } = (await api(`/v1/studies/${study.id}/participants`, {})) as { codes: { code: string }[] };
    return (await api('/v1/rooms', { code: codes[0]?.code })) as unknown as PilotRoom;
  }

  /** The Seller offers every category, the Buyer picks one: the chat is on. */
  async function startChat(room: Pick<PilotRoom, 'sellerUrl' | 'buyerUrl'>, category = 'headphones'): Promise<{ seller: Page; buyer: Page }> {
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

  return { server: running, roomFor, startChat, cspErrors: () => [...cspErrors] };
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
