import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { Harness } from './harness';
import type { OutboxRow, SettingRow, StoredEvent, SyncStateValue } from '../../lib/db/database';
import { syncStateOf } from '../../lib/db/outbox';
import { SETTINGS_KEY, type Settings } from '../../lib/settings';
import { waitFor } from './harness';
import type { SectionId } from '../../components/options/sections';

/** The options page as a participant uses it: open it (at a section, as a link to it would), read the counts, filter, export. */
export async function openOptions(h: Harness, section?: SectionId): Promise<Page> {
  const page = await h.context.newPage();
  await page.goto(h.extensionUrl(`options.html${section ? `#${section}` : ''}`));
  await page.getByTestId('store-status').filter({ hasText: 'events stored' }).waitFor();
  return page;
}

/** Shows one section of the options page by its tab, as a participant clicks it (when another is shown). */
export async function showSection(page: Page, section: SectionId): Promise<void> {
  const tab = page.getByTestId(`tab-${section}`);
  // Already shown: no click, so a helper may call this before each step without moving focus.
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await page.getByTestId(`panel-${section}`).waitFor();
}

export async function storedTotal(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Refresh' }).click();
  const text = await page.getByTestId('store-status').filter({ hasText: 'events stored' }).innerText();
  return Number(/(\d+) events stored/.exec(text)?.[1] ?? NaN);
}

/** Waits until the options page says at least `n` events are stored. */
export async function waitForStored(page: Page, n: number, timeoutMs = 15_000): Promise<number> {
  return waitFor(
    async () => {
      const total = await storedTotal(page);
      return total >= n ? total : null;
    },
    timeoutMs,
    `${n} stored events`,
  );
}

/** Clicks "Export JSONL", waits for the download and returns its lines parsed. */
export async function exportJsonl(page: Page): Promise<{ lines: unknown[]; raw: string }> {
  await showSection(page, 'data');
  const download = page.waitForEvent('download');
  await page.getByTestId('export-jsonl').click();
  const file = await (await download).path();
  const raw = await readFile(file, 'utf8');
  const lines = raw
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as unknown);
  return { lines, raw };
}

/** Joins a study from the options page's Study panel, as a participant does with their code. */
export async function joinFromOptions(page: Page, endpoint: string, code: string): Promise<void> {
  await showSection(page, 'study');
  await page.getByTestId('join-endpoint').fill(endpoint);
  await page.getByTestId('join-code').fill(code);
  await page.getByTestId('join').click();
  await page.getByTestId('study-joined').waitFor();
}

/** How the worker's search index became ready on its latest start, as the options page's catalog line records it. */
export async function catalogColdStart(page: Page, timeoutMs = 60_000): Promise<{ mode: string; ms: number }> {
  await showSection(page, 'catalog');
  const info = page.getByTestId('catalog-info');
  await info.waitFor({ timeout: timeoutMs });
  return { mode: (await info.getAttribute('data-cold-start-mode')) ?? '?', ms: Number(await info.getAttribute('data-cold-start-ms')) };
}

/** Every row of one table of the extension's IndexedDB, read on one of its pages (the options page). */
async function tableRows<T>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('floorwalker');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction(name).objectStore(name).getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result as T[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
    table,
  );
}

/** How many rows one table of the extension's IndexedDB holds. */
export async function tableCount(page: Page, table: string): Promise<number> {
  return (await tableRows<unknown>(page, table)).length;
}

/**
 * Products stored in the extension's IndexedDB (catalogBlocks, blocks of products by catalog version): those of the active
 * catalog, and the rest (imports staged for a preview, catalogs replaced and not yet dropped).
 */
export async function storedProducts(page: Page): Promise<{ active: number; other: number }> {
  const meta = await tableRows<{ key: string; version: string }>(page, 'catalogMeta');
  const version = meta.find((m) => m.key === 'active')?.version;
  const blocks = await tableRows<{ catalog: string; keys: string[] }>(page, 'catalogBlocks');
  const count = (rows: typeof blocks) => rows.reduce((n, b) => n + b.keys.length, 0);
  const active = count(blocks.filter((b) => b.catalog === version));
  return { active, other: count(blocks) - active };
}

/** Every event in the extension's IndexedDB with its sync state (pending while its id is in the outbox). */
export async function storedEvents(page: Page): Promise<EventWithState[]> {
  const [events, outbox] = await Promise.all([tableRows<StoredEvent>(page, 'events'), tableRows<OutboxRow>(page, 'outbox')]);
  const pending = new Set(outbox.map((r) => r.id));
  return events.map((e) => ({ ...e, syncState: syncStateOf(e, pending.has(e.id)) }));
}
/** Optional in the type only, so predicates on StoredEvent's kinds still narrow it: storedEvents always sets it. */
export type EventWithState = StoredEvent & { syncState?: SyncStateValue };

/** The participant's settings as stored (the `settings` table's SETTINGS_KEY row). */
export async function storedSettings(page: Page): Promise<Settings | undefined> {
  const rows = await tableRows<SettingRow>(page, 'settings');
  return rows.find((r) => r.key === SETTINGS_KEY)?.value as Settings | undefined;
}

/** Waits until at least `n` stored events are `which` (read from IndexedDB, so it also sees events already uploaded). */
export async function waitForStoredEvents(
  page: Page,
  n: number,
  which: (e: EventWithState) => boolean,
  label: string,
  timeoutMs = 15_000,
): Promise<EventWithState[]> {
  return waitFor(
    async () => {
      const found = (await storedEvents(page)).filter(which);
      return found.length >= n ? found : null;
    },
    timeoutMs,
    label,
  );
}

/** Presses *Sync now* until the Study panel says nothing waits to upload. */
export async function syncUntilNoneWaits(page: Page, timeoutMs: number, label = 'every event uploaded'): Promise<void> {
  await showSection(page, 'study');
  await waitFor(
    async () => {
      const syncNow = page.getByTestId('sync-now');
      await syncNow.click();
      await syncNow.click({ trial: true }); // waits until the button is enabled again: the upload has been tried
      return /^0 waiting/.test(await page.getByTestId('sync-status').innerText());
    },
    timeoutMs,
    label,
  );
}
