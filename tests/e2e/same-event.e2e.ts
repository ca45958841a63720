import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useHarness, waitFor } from './harness';
import { buyerMessages, openPracticeRoom, sellerAct, usePilotServer } from './pilot-room';
import { exportJsonl, joinFromOptions, openOptions, storedEvents, storedTotal, syncUntilNoneWaits } from './options-page';
import type { FwEvent } from '../../lib/events/event-schema';
import { studyStats } from '../../lib/analysis/study-stats';

/**
 * The study server as the browser reaches it (pages, the chat's WebSocket, joining, uploads), with the extension's
 * uploads held back until `release`: answered 503 as a restarting server does, so its events wait in the browser.
 * Meanwhile the server holds only what the pilot room stored itself.
 */
async function uploadGate(upstream: string) {
  const target = new URL(upstream);
  let holding = true;
  const tunnels = new Set<{ destroy(): void }>();
  const server = createServer((req, res) => {
    if (holding && req.url?.startsWith('/v1/events')) {
      req.resume();
      res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'uploads held by the test' }));
      return;
    }
    const up = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  // The chat's WebSocket: the upgrade request is passed on as it came, then bytes flow both ways.
  server.on('upgrade', (req, socket, head) => {
    const up = connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      up.write(head);
      socket.pipe(up).pipe(socket);
    });
    const end = () => {
      up.destroy();
      socket.destroy();
    };
    tunnels.add({ destroy: end });
    up.on('error', end);
    socket.on('error', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    release: () => (holding = false),
    close: () => {
      for (const t of tunnels) t.destroy();
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Where two JSON values differ, as "path: server ≠ browser" lines (empty when they are the same). */
function differences(server: unknown, browser: unknown, path = ''): string[] {
  if (isDeepStrictEqual(server, browser)) return [];
  if (server && browser && typeof server === 'object' && typeof browser === 'object' && !Array.isArray(server) && !Array.isArray(browser)) {
    const s = server as Record<string, unknown>;
    const b = browser as Record<string, unknown>;
    return [...new Set([...Object.keys(s), ...Object.keys(b)])].flatMap((k) => differences(s[k], b[k], path ? `${path}.${k}` : k));
  }
  return [`${path || '(event)'}: server ${JSON.stringify(server)} ≠ browser ${JSON.stringify(browser)}`];
}

/** The simulated Buyer has answered: more Buyer messages on the Seller's page than `before`. */
const buyerAnswered = (seller: Page, before: number) =>
  expect.poll(() => buyerMessages(seller).count(), { timeout: 10_000 }).toBeGreaterThan(before);

const sellerMessageStored = async (page: Page, text: string) =>
  (await storedEvents(page)).some((e) => e.agent === 'Seller' && e.action === 'utter' && e.payload.text === text);

/** Three Seller messages in the conversation below, one of them from a suggested reply. */
const ONE_OF_THREE_SUGGESTED = { used: 1, sellerMessages: 3, fraction: 1 / 3 };

/** The research view's sentence about suggested replies, for what it has loaded. */
async function suggestionSentence(options: Page): Promise<string> {
  const summary = await options.getByTestId('research-summary').innerText();
  return /suggested replies used in \d+% of \d+ Seller messages/.exec(summary)?.[0] ?? summary;
}

describe('one event under one id: the server and the browser keep the same copy', () => {
  const harness = useHarness();
  const { server, studyWithSeller } = usePilotServer(harness);
  const closing: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closing) await close();
  });

  it('a coached conversation with a suggested reply, a share and a guess exports field for field the same from the server and the browser', async () => {
    const h = harness();
    const s = server();
    const admin = { Authorization: `Bearer ${s.adminToken}`, 'Content-Type': 'application/json' };
    const study = await studyWithSeller('B.IIc', 2, 'Same event study');
    const gate = await uploadGate(s.url);
    closing.push(gate.close);
    const options = await openOptions(h);
    await joinFromOptions(options, gate.url, study.code);
    const serverExport = async () => {
      const res = await fetch(`${s.url}/v1/studies/${study.study}/export?format=jsonl`, { headers: admin });
      expect(res.status).toBe(200);
      const raw = await res.text();
      return {
        raw,
        events: raw
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as FwEvent),
      };
    };
    const browserExport = async () => {
      await storedTotal(options); // "Refresh", as a participant does before exporting
      return ((await exportJsonl(options)).lines as FwEvent[]).filter((e) => e.study === study.study);
    };

    // A practice room with a simulated Buyer, opened from the popup as a Seller does.
    const { seller, popup } = await openPracticeRoom(h, 'headphones');
    await seller.locator('#offer').click();
    await buyerAnswered(seller, 0);

    // Two messages written by hand, each with its act.
    await sellerAct(seller, 'greet', 'Hello! Welcome in. What can I help you find?');
    const firstAsk = 'Which features matter most to you?';
    await sellerAct(seller, 'ask_features', firstAsk);
    await expect.poll(() => sellerMessageStored(options, firstAsk)).toBe(true);

    // The same act again: the coach suggests the earlier message; the Seller takes it, edits it and sends.
    const before = await buyerMessages(seller).count();
    await seller.getByTestId('fw-act-ask_features').click();
    const past = seller.locator('[data-testid="fw-suggestion"][data-source="past"]', { hasText: firstAsk });
    await past.waitFor();
    await screenshot(seller, 'same-event-suggestion');
    await past.click();
    expect(await seller.locator('#input').inputValue()).toBe(firstAsk);
    const edit = ' Noise cancelling, perhaps?';
    await seller.locator('#input').press('End');
    await seller.locator('#input').pressSequentially(edit);
    await seller.locator('#input').press('Enter');
    await expect.poll(() => seller.locator('#messages .msg.seller').last().innerText()).toContain(firstAsk + edit);
    await buyerAnswered(seller, before);

    // A product found in the overlay's search, shared with a message, then guessed.
    await seller.getByTestId('fw-search-input').fill('noise cancelling headphones');
    const result = seller.locator('.fw-result').first();
    await result.waitFor();
    const productId = (await result.getAttribute('data-product-id')) ?? '';
    await result.getByTestId('fw-share-now').click();
    await seller.getByTestId('fw-share-dialog').waitFor();
    await seller.getByTestId('fw-share-message').fill('  This one blocks the subway noise.  ');
    await seller.getByTestId('fw-share-send').click();
    await expect.poll(() => seller.getByTestId('fw-share-status').innerText()).toBe('The product was shared.');
    await expect.poll(() => result.getByTestId('fw-guess').isEnabled()).toBe(true);
    await result.getByTestId('fw-guess').click();
    await expect
      .poll(() => seller.locator('#messages').innerText(), { timeout: 10_000 })
      .toMatch(/The Buyer (confirmed|rejected) your guess/);
    await screenshot(seller, 'same-event-seller');
    await expect.poll(async () => (await storedEvents(options)).filter((e) => e.action === 'guess').length).toBe(1);

    // Before the extension has uploaded anything, the server holds the room's copies: already the same events as
    // the browser's (the same time, acts, compose time and suggested reply), but for the page address.
    const early = await serverExport();
    const earlyBrowser = await browserExport();
    const roomCopies = new Map(early.events.map((e) => [e.id, e]));
    const sharedEarly = earlyBrowser.filter((e) => roomCopies.has(e.id));
    expect(sharedEarly.map((e) => `${e.agent}.${e.action}`).sort()).toEqual(
      expect.arrayContaining(['Seller.utter', 'Seller.share', 'Seller.guess', 'Buyer.utter']),
    );
    const earlyDiffs = sharedEarly.flatMap((b) => differences(roomCopies.get(b.id), b).map((d) => `${b.agent}.${b.action} ${d}`));
    expect(
      earlyDiffs.filter((d) => !/^Seller\.\w+ url: server null ≠ browser "http:\/\/127\.0\.0\.1:\d+\/pilot\/seller\/\w+"$/.test(d)),
    ).toEqual([]);
    expect(studyStats(early.events).suggestions).toEqual(ONE_OF_THREE_SUGGESTED);
    expect(studyStats(earlyBrowser).suggestions).toEqual(ONE_OF_THREE_SUGGESTED);

    // The extension uploads what it logged (Sync now); then both sides export.
    gate.release();
    await syncUntilNoneWaits(options, 30_000);
    const { raw: serverRaw, events: serverEvents } = await serverExport();
    const browserEvents = await browserExport();
    const onServer = new Map(serverEvents.map((e) => [e.id, e]));

    // Every event the browser has is on the server, and is the same event there, field for field.
    const missing = browserEvents.filter((e) => !onServer.has(e.id)).map((e) => `${e.agent}.${e.action} ${e.id}`);
    expect(missing).toEqual([]);
    const differing = browserEvents.flatMap((b) => differences(onServer.get(b.id), b).map((d) => `${b.agent}.${b.action} ${b.id} ${d}`));
    expect(differing).toEqual([]);

    // What both sides record: each message of the conversation, the share and the guess.
    const both = (agent: string, action: string) =>
      browserEvents.filter((e) => e.agent === agent && e.action === action && roomCopies.has(e.id));
    expect(both('Seller', 'utter')).toHaveLength(3);
    expect(both('Buyer', 'utter').length).toBeGreaterThanOrEqual(4);
    expect(both('Seller', 'share').map((e) => e.payload)).toEqual([
      { productIds: [productId], mode: 'II', from: 'search', message: 'This one blocks the subway noise.' },
    ]);
    expect(both('Seller', 'guess').map((e) => e.payload)).toEqual([{ productId }]);
    const suggested = both('Seller', 'utter').filter((e) => e.action === 'utter' && e.payload.suggestion);
    expect(suggested.map((e) => (e.action === 'utter' ? e.payload.suggestion : null))).toEqual([
      { id: expect.stringMatching(/^past:/) as string, editDistance: edit.length, usedAs: 'edited' },
    ]);
    expect(onServer.get(suggested[0]?.id ?? '')).toEqual(suggested[0]);

    // The share of Seller messages that used a suggested reply: the same from either export.
    expect(studyStats(serverEvents).suggestions).toEqual(ONE_OF_THREE_SUGGESTED);
    expect(studyStats(browserEvents).suggestions).toEqual(ONE_OF_THREE_SUGGESTED);
    // ... and so says the research view, for this browser's data and for the server's export loaded as a file.
    await options.getByTestId('research-local').click();
    const local = await waitFor(
      async () => (await options.getByTestId('research-summary').count()) > 0 && suggestionSentence(options),
      10_000,
      'the research view',
    );
    const dir = await mkdtemp(join(tmpdir(), 'fw-same-event-'));
    try {
      const file = join(dir, 'server-export.jsonl');
      await writeFile(file, serverRaw);
      await options.getByTestId('research-file').setInputFiles(file);
      await expect.poll(() => options.getByTestId('research-summary').innerText()).toMatch(/^server-export\.jsonl:/);
      expect(await suggestionSentence(options)).toBe(local);
      expect(local).toBe('suggested replies used in 33% of 3 Seller messages');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await Promise.all([seller.close(), popup.close(), options.close()]);
  });
});
