import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import type { FrameLocator, Page } from 'playwright-core';
import { FIXTURES_DIR, waitFor, type Harness } from './harness';
import { storedEvents } from './options-page';
import { ExpectedStoresSchema, type ExpectedPage } from '../fixtures/pages/stores/expected-schema';
import type { StoredEvent } from '../../lib/db/database';
import type { Action, PayloadOf } from '../../lib/events/event-schema';

// The storefront fixtures (tests/fixtures/pages/stores, described by expected.json) as the e2e tests that hover and
// click through them in real Chromium share them: loading the map, opening a page, waiting for what a look or a click
// logs, and the product ids the detector gave each page.

/** How long an event may take to be stored once the action is over (several flushes, a slow machine). */
export const STORED_WAIT_MS = 8_000;
/** How long the first action on a page is given to be logged: until then the page's logger may not be listening yet. */
const READY_WAIT_MS = 4_000;
const READY_ATTEMPTS = 4;

export type StoredOf<A extends Action> = StoredEvent & { payload: PayloadOf<A> };

/** expected.json, checked against its schema, in page order. */
export async function expectedStorePages(): Promise<[string, ExpectedPage][]> {
  const raw = JSON.parse(await readFile(join(FIXTURES_DIR, 'stores/expected.json'), 'utf8')) as unknown;
  return Object.entries(v.parse(ExpectedStoresSchema, raw));
}

export function storePageUrl(h: Pick<Harness, 'fixtures'>, file: string): string {
  return `${h.fixtures.url}/stores/${file}`;
}

/** The document an entry of the map is in: the page's, or its frame's (a selector in the top document). */
export function scopeOf(page: Page, frame: string | undefined): Page | FrameLocator {
  return frame ? page.frameLocator(frame) : page;
}

/** Opens a fixture page, and waits for the frame its product is in where it has one. */
export async function openStorePage(page: Page, h: Pick<Harness, 'fixtures'>, file: string, want: ExpectedPage): Promise<void> {
  await page.goto(storePageUrl(h, file));
  if (want.kind === 'product' && want.frame) await page.frameLocator(want.frame).locator('body').waitFor();
}

/** The events of one action stored since `since` (ms since the epoch, as events are stamped), oldest first. */
export async function storedSince<A extends Action>(options: Page, action: A, since: number): Promise<StoredOf<A>[]> {
  return (await storedEvents(options))
    .filter((e): e is StoredOf<A> => e.action === action && e.time >= since)
    .sort((a, b) => a.time - b.time);
}

/**
 * Runs `act` (a look, a click) and waits for the `action` events it logs. The first action in a document doubles as
 * the wait for that document's logger to listen, and is made again until it is logged (or READY_ATTEMPTS have been
 * made: a document whose logger never logs). Returns when the last attempt started (`from`), when each did, and what was
 * stored from the last one on.
 */
export async function actAndWait<A extends Action>(
  options: Page,
  action: A,
  act: () => Promise<void>,
  first: boolean,
  label: string,
): Promise<{ from: number; starts: number[]; events: StoredOf<A>[] }> {
  const starts: number[] = [];
  for (let attempt = 1; ; attempt++) {
    const from = Date.now();
    starts.push(from);
    await act();
    const events = await waitFor(
      async () => {
        const found = await storedSince(options, action, from);
        return found.length > 0 ? found : null;
      },
      first ? READY_WAIT_MS : STORED_WAIT_MS,
      label,
    ).catch(() => [] as StoredOf<A>[]);
    if (events.length > 0 || !first || attempt >= READY_ATTEMPTS) return { from, starts, events };
  }
}

/** An action whose events are read later: when it started, and when every attempt at it did. */
export interface Acted {
  from: number;
  starts: number[];
}

/**
 * Runs `act` as actAndWait does when it is the first action in its document (that wait is the wait for the document's
 * logger to listen). A later action is not waited for: its events are read with every other's once all are made
 * (eventsOfEach), which saves the wait for each event in turn that took most of these tests' time. `events` is what
 * the wait found, for a first action only.
 */
export async function actOnce<A extends Action>(
  options: Page,
  action: A,
  act: () => Promise<void>,
  first: boolean,
  label: string,
): Promise<Acted & { events?: StoredOf<A>[] }> {
  if (first) return actAndWait(options, action, act, true, label);
  const from = Date.now();
  await act();
  return { from, starts: [from] };
}

/**
 * The events stored for each action: those stamped from its start until the next action (any of `boundaries` too:
 * actions that count for nothing still end the one before) started. Waits until each action has an event, or
 * STORED_WAIT_MS, and then reads what there is.
 */
export async function eventsOfEach<A extends Action, T extends Acted>(
  options: Page,
  action: A,
  acted: readonly T[],
  boundaries: readonly number[] = [],
): Promise<Map<T, StoredOf<A>[]>> {
  const starts = [...acted.flatMap((a) => a.starts), ...boundaries].sort((a, b) => a - b);
  const assign = (events: readonly StoredOf<A>[]) => {
    const byAction = new Map<T, StoredOf<A>[]>();
    for (const a of acted) {
      const until = starts.find((s) => s > a.from) ?? Infinity;
      byAction.set(
        a,
        events.filter((e) => e.time >= a.from && e.time < until),
      );
    }
    return byAction;
  };
  const read = async () => assign(await storedSince(options, action, 0));
  return waitFor(
    async () => {
      const found = await read();
      return acted.every((a) => (found.get(a)?.length ?? 0) > 0) ? found : null;
    },
    STORED_WAIT_MS,
    `the ${action} events of every action`,
  ).catch(read);
}

/**
 * The product id the detector gave each product page, from its product view (logged when the page is left: leave the
 * last page before asking). A page without a product view has no entry.
 */
export async function detectedProductIds(
  options: Page,
  h: Pick<Harness, 'fixtures'>,
  files: readonly string[],
): Promise<Map<string, string>> {
  const read = async () => (await storedEvents(options)).filter((e): e is StoredOf<'product_view'> => e.action === 'product_view');
  const views = await waitFor(
    async () => {
      const found = await read();
      return files.every((f) => found.some((e) => e.url === storePageUrl(h, f))) ? found : null;
    },
    STORED_WAIT_MS,
    'a product view for every product page',
  ).catch(read);
  const ids = new Map<string, string>();
  for (const f of files) {
    const id = views.find((e) => e.url === storePageUrl(h, f))?.payload.productId;
    if (id) ids.set(f, id);
  }
  return ids;
}

export function pct(n: number, d: number): string {
  return d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`;
}
