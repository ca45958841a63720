import * as v from 'valibot';
import type { FwEvent } from '../events/event-schema';
import type { LogResult } from '../rpc/api';
import { RPC_LOG_BATCH_LIMIT, VIEW_STALE_MS } from '../limits';

/**
 * Product and listing views in progress, kept in the extension's storage (browser.storage.local) by the page's content script.
 * Writing there is one call to the browser itself: it needs neither the background's service worker (which may be
 * stopped) nor a message port (which a page being left may never get to use), so a view survives however the page is
 * left: another site, about:blank, a chrome:// page, a closed tab, a crash. The background collects the records
 * (collectViews) and logs each view once: the event keeps the id it had from its start, and events are stored by id,
 * so a view that also arrived the usual way is not doubled.
 */
export const VIEW_JOURNAL_PREFIX = 'fw:view:';

export const viewJournalKey = (eventId: string) => `${VIEW_JOURNAL_PREFIX}${eventId}`;

const ViewRecordSchema = v.object({
  /** The product_view or listing_view event as it stands; validated like any event when it is logged. */
  event: v.unknown(),
  /** True once the view has ended; false while it goes on (its time so far). */
  final: v.boolean(),
  /** When the page last wrote it (ms since the epoch). */
  savedAt: v.number(),
});
export type ViewRecord = v.InferOutput<typeof ViewRecordSchema>;

/**
 * The part of browser.storage.local the journal uses. Parameters holding it are named `area`, never `storage`: WXT
 * took a free-standing `storage` for its own storage module and bundled it (about 3 KB gzipped) into the content
 * script (tests/e2e/bundles.e2e.ts checks no bundle carries it).
 */
export interface JournalStorage {
  get(keys: null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/** Content script: keeps the view as it stands. Fire and forget: the call is handed to the browser at once. */
export function journalView(area: Pick<JournalStorage, 'set'>, event: FwEvent, final: boolean, now: number = Date.now()): void {
  const record: ViewRecord = { event, final, savedAt: now };
  void area.set({ [viewJournalKey(event.id)]: record }).catch(() => undefined);
}

/**
 * Background: logs the views whose page has ended them, and those whose page stopped keeping them (it is gone: logged
 * with the time they had reached), through `log` (the same checks as any event from a page: consent, not paused,
 * allowed site, valid). Records go once `log` has answered for them; if it throws (storage full), they stay for the
 * next time. Returns how many views were handed over.
 */
export async function collectViews(
  area: JournalStorage,
  log: (events: unknown[]) => Promise<LogResult>,
  now: number = Date.now(),
): Promise<number> {
  const all = await area.get(null);
  const due: { key: string; event: unknown }[] = [];
  const junk: string[] = [];
  for (const [key, value] of Object.entries(all)) {
    if (!key.startsWith(VIEW_JOURNAL_PREFIX)) continue;
    const parsed = v.safeParse(ViewRecordSchema, value);
    if (!parsed.success) junk.push(key);
    else if (parsed.output.final || now - parsed.output.savedAt > VIEW_STALE_MS) due.push({ key, event: parsed.output.event });
  }
  if (junk.length) await area.remove(junk);
  for (let i = 0; i < due.length; i += RPC_LOG_BATCH_LIMIT) {
    const chunk = due.slice(i, i + RPC_LOG_BATCH_LIMIT);
    await log(chunk.map((d) => d.event));
    await area.remove(chunk.map((d) => d.key));
  }
  return due.length;
}

/** Collects views one run at a time (runs asked for meanwhile share it); failures are logged, the records kept. */
export function viewCollector(area: JournalStorage, log: (events: unknown[]) => Promise<LogResult>): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () =>
    (running ??= collectViews(area, log)
      .then(
        () => undefined,
        (e: unknown) => console.warn('[floorwalker] product views left by closed pages', e),
      )
      .finally(() => {
        running = null;
      }));
}
