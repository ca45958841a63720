import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useHarness, waitFor } from './harness';
import { buyerMessages, openPracticeRoom, sellerAct, usePilotServer } from './pilot-room';
import { exportJsonl, joinFromOptions, openOptions, storedEvents, storedTotal, syncUntilNoneWaits, showSection } from './options-page';
import type { FwEvent } from '../../lib/events/event-schema';
import { studyStats } from '../../lib/analysis/study-stats';
import type { ConversationRecord } from '../../lib/export/conversation';
import type { ExportFormat } from '../../lib/export/formats';
import { SyncState } from '../../lib/db/database';
import { roomRecord } from '../../lib/pilot/records';
import { loadServerCatalog } from '../../server/catalog';

const catalog = await loadServerCatalog();

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

/** Four Seller messages in the conversation below, one of them from a suggested reply. */
const ONE_OF_FOUR_SUGGESTED = { used: 1, sellerMessages: 4, fraction: 1 / 4 };

/** The options page's Export panel in one format (then back to JSON Lines, which the other helpers download). */
async function exportFromOptions(options: Page, format: ExportFormat): Promise<string> {
  await showSection(options, 'data');
  await options.getByTestId('export-format').selectOption(format);
  const download = options.waitForEvent('download');
  await options.getByTestId('export-jsonl').click();
  const text = await readFile(await (await download).path(), 'utf8');
  await options.getByTestId('export-format').selectOption('jsonl');
  return text;
}

/** The room's records (the Buyer's answer, share views, hovers on shared cards, the end) among events, by kind. */
const recordKinds = (events: readonly FwEvent[]) =>
  events
    .filter((e) => roomRecord(e))
    .map((e) => `${e.agent}.${e.action}`)
    .sort();

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

  it('a coached conversation with a suggested reply, a share the Buyer saw and hovered, a confirmed guess and its end exports field for field the same from the server and the browser', async () => {
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
    await buyerAnswered(seller, 0);
    // The Buyer's persona, as a researcher finds it on the server: the test knows which product a guess must name.
    const code = new URL(seller.url()).pathname.split('/').pop() ?? '';
    const [room] = await s.sql.query<{ id: string; persona: string }>(
      `SELECT id, state->>'persona' AS persona FROM rooms WHERE code = $1`,
      [code],
    );
    const target = catalog.product(catalog.persona(room?.persona ?? '')?.targets[0] ?? '');
    if (!room || !target) throw new Error(`no target for the room's persona ${room?.persona}`);

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

    // A product found in the overlay's search, shared with a message (the Buyer sees its card and rests on it), then
    // guessed: the Buyer's target, so the Buyer confirms.
    await seller.getByTestId('fw-search-input').fill(target.title.split(' ').slice(0, 4).join(' '));
    const result = seller.locator(`.fw-result[data-product-id="${target.id}"]`);
    await result.waitFor();
    const productId = target.id;
    await result.getByTestId('fw-share-now').click();
    await seller.getByTestId('fw-share-dialog').waitFor();
    await seller.getByTestId('fw-share-message').fill('  This one blocks the subway noise.  ');
    await seller.getByTestId('fw-share-send').click();
    await expect.poll(() => seller.getByTestId('fw-share-status').innerText()).toBe('The product was shared.');
    await expect.poll(() => result.getByTestId('fw-guess').isEnabled()).toBe(true);
    await result.getByTestId('fw-guess').click();
    await expect.poll(() => seller.locator('#messages').innerText(), { timeout: 10_000 }).toContain('The Buyer confirmed your guess.');
    // The overlay follows: the answer as it arrives.
    await expect.poll(() => seller.getByTestId('fw-guess-answer').getAttribute('data-answer')).toBe('accepted');
    await screenshot(seller, 'same-event-seller');
    await expect.poll(async () => (await storedEvents(options)).filter((e) => e.action === 'guess').length).toBe(1);

    // The Seller thanks the Buyer, who ends the conversation: the overlay says so and closes sharing and guessing.
    await sellerAct(seller, 'thank', 'Thank you so much for shopping with us today!');
    await seller.getByTestId('fw-share-ended').waitFor();
    expect(await seller.getByTestId('fw-share-ended').innerText()).toBe(
      'The Buyer has ended the conversation: nothing more can be shared or guessed.',
    );
    expect(await result.getByTestId('fw-share-now').isDisabled()).toBe(true);
    expect(await result.getByTestId('fw-guess').isDisabled()).toBe(true);
    expect(await result.getByTestId('fw-share-now').getAttribute('title')).toMatch(/^The Buyer has ended the conversation/);
    await screenshot(seller, 'same-event-ended');

    // The room's records reach the browser: the Buyer's view of the share, hovers on its card, the answer, the end.
    const expectedRecords = ['Buyer.confirm', 'Buyer.hover', 'Buyer.view_share', 'System.instruct'];
    const recordsStored = async () => (await storedEvents(options)).filter((e) => e.study === study.study && roomRecord(e));
    await expect.poll(async () => [...new Set(recordKinds(await recordsStored()))]).toEqual(expectedRecords);
    // Kept as synced (the server has them, so they are never uploaded) ...
    const records = await recordsStored();
    expect(records.map((e) => e.syncState)).toEqual(records.map(() => SyncState.synced));
    // ... and once, though the page states them all again after a reload (its hello replays every record).
    await seller.reload();
    await seller.locator('floorwalker-overlay').waitFor({ state: 'attached' });
    await expect.poll(() => seller.locator('[data-fw-records] > *').count()).toBe(records.length);
    await seller.getByTestId('fw-share-ended').waitFor();
    await expect.poll(async () => (await recordsStored()).length).toBe(records.length);

    // Before the extension has uploaded anything, the server holds the room's copies: already the same events as
    // the browser's (the same time, acts, compose time and suggested reply), but for the page address.
    const early = await serverExport();
    const earlyBrowser = await browserExport();
    const roomCopies = new Map(early.events.map((e) => [e.id, e]));
    const sharedEarly = earlyBrowser.filter((e) => roomCopies.has(e.id));
    expect(sharedEarly.map((e) => `${e.agent}.${e.action}`).sort()).toEqual(
      expect.arrayContaining(['Seller.utter', 'Seller.share', 'Seller.guess', 'Buyer.utter', ...expectedRecords]),
    );
    // Every record the room stored is in the browser (none left behind), and no other event of the room's own.
    expect(recordKinds(earlyBrowser)).toEqual(recordKinds(early.events));
    const earlyDiffs = sharedEarly.flatMap((b) => differences(roomCopies.get(b.id), b).map((d) => `${b.agent}.${b.action} ${d}`));
    expect(
      earlyDiffs.filter((d) => !/^Seller\.\w+ url: server null ≠ browser "http:\/\/127\.0\.0\.1:\d+\/pilot\/seller\/\w+"$/.test(d)),
    ).toEqual([]);
    expect(studyStats(early.events).suggestions).toEqual(ONE_OF_FOUR_SUGGESTED);
    expect(studyStats(earlyBrowser).suggestions).toEqual(ONE_OF_FOUR_SUGGESTED);

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
    expect(new Set(serverEvents.map((e) => e.id)).size).toBe(serverEvents.length);
    expect(both('Seller', 'utter')).toHaveLength(4);
    expect(both('Buyer', 'utter').length).toBeGreaterThanOrEqual(4);
    expect(both('Seller', 'share').map((e) => e.payload)).toEqual([
      { productIds: [productId], mode: 'II', from: 'search', message: 'This one blocks the subway noise.' },
    ]);
    expect(both('Seller', 'guess').map((e) => e.payload)).toEqual([{ productId }]);
    expect(both('Buyer', 'confirm').map((e) => e.payload)).toEqual([{ productId, accepted: true }]);
    expect(both('Buyer', 'view_share').map((e) => e.payload)).toEqual([{ productIds: [productId] }]);
    expect(both('Buyer', 'hover').map((e) => e.payload)).toEqual([
      { target: 'shared_card', productId, dwellMs: expect.any(Number) as number },
    ]);
    expect(both('System', 'instruct').map((e) => e.payload)).toEqual([
      { text: expect.stringMatching(/^ended by buyer after \d+ turns$/) as string },
    ]);

    // The per-conversation JSON and the ParlAI export of this conversation, from the server and from the options page's
    // Export panel: the same outcome, turns, shares (with the Buyer's view), hovers, guess and end. Only what the
    // server alone holds differs: the Buyer's pick and the simulated Buyer's seat (System.instruct events that name the
    // persona and seed, kept from the Seller), which come first and so move the start, the duration and the count.
    const serverFormat = async (format: ExportFormat) =>
      (await fetch(`${s.url}/v1/studies/${study.study}/export?format=${format}`, { headers: admin })).text();
    const conversationOf = (json: string) => (JSON.parse(json) as ConversationRecord[]).find((c) => c.conversation === room.id);
    const serverConv = conversationOf(await serverFormat('conversations'));
    const browserConv = conversationOf(await exportFromOptions(options, 'conversations'));
    const onlyOnServer = ['startedAt', 'durationMs', 'events'] as const;
    const comparable = (c: ConversationRecord | undefined) =>
      c && Object.fromEntries(Object.entries(c).filter(([k]) => !(onlyOnServer as readonly string[]).includes(k)));
    expect(differences(comparable(serverConv), comparable(browserConv))).toEqual([]);
    expect(browserConv).toMatchObject({
      outcome: { productId, accepted: true },
      guess: { productId },
      shares: [{ productIds: [productId], viewedAt: expect.any(Number) as number }],
      ended: { time: expect.any(Number) as number },
    });
    expect(browserConv?.turnCount).toBeGreaterThanOrEqual(3);
    expect(browserConv?.hovers.filter((x) => x.agent === 'Buyer')).toHaveLength(1);
    expect(serverConv?.events).toBe((browserConv?.events ?? 0) + 2); // the pick and the seat
    const parlaiOf = (jsonl: string) =>
      jsonl
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { metadata: { conversation: string; durationMs?: number } })
        .find((d) => d.metadata.conversation === room.id);
    const [serverParlai, browserParlai] = [parlaiOf(await serverFormat('parlai')), parlaiOf(await exportFromOptions(options, 'parlai'))];
    expect(browserParlai?.metadata).toMatchObject({ accepted: true, guess: productId, turns: browserConv?.turnCount });
    delete serverParlai?.metadata.durationMs;
    delete browserParlai?.metadata.durationMs;
    expect(differences(serverParlai, browserParlai)).toEqual([]);
    const suggested = both('Seller', 'utter').filter((e) => e.action === 'utter' && e.payload.suggestion);
    expect(suggested.map((e) => (e.action === 'utter' ? e.payload.suggestion : null))).toEqual([
      { id: expect.stringMatching(/^past:/) as string, editDistance: edit.length, usedAs: 'edited' },
    ]);
    expect(onServer.get(suggested[0]?.id ?? '')).toEqual(suggested[0]);

    // The share of Seller messages that used a suggested reply: the same from either export.
    expect(studyStats(serverEvents).suggestions).toEqual(ONE_OF_FOUR_SUGGESTED);
    expect(studyStats(browserEvents).suggestions).toEqual(ONE_OF_FOUR_SUGGESTED);
    // ... and so says the research view, for this browser's data and for the server's export loaded as a file.
    await showSection(options, 'research');
    await options.getByTestId('research-local').click();
    const local = await waitFor(
      async () => (await options.getByTestId('research-summary').count()) > 0 && suggestionSentence(options),
      10_000,
      'the research view',
    );
    // The conversations list shows the outcome from this browser's data alone (it said "—" before the records came).
    const row = options.getByTestId('conversations-table').locator('tr', { hasText: room.id });
    expect(await row.locator('td').nth(3).innerText()).toBe('accepted');
    const dir = await mkdtemp(join(tmpdir(), 'fw-same-event-'));
    try {
      const file = join(dir, 'server-export.jsonl');
      await writeFile(file, serverRaw);
      await options.getByTestId('research-file').setInputFiles(file);
      await expect.poll(() => options.getByTestId('research-summary').innerText()).toMatch(/^server-export\.jsonl:/);
      expect(await suggestionSentence(options)).toBe(local);
      expect(local).toBe('suggested replies used in 25% of 4 Seller messages');
      const fromFile = options.getByTestId('conversations-table').locator('tr', { hasText: room.id });
      expect(await fromFile.locator('td').nth(3).innerText()).toBe('accepted');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await Promise.all([seller.close(), popup.close(), options.close()]);
  });
});
