import type { Page } from 'playwright-core';
import type { EventWithState } from './options-page';
import { newId } from '../../lib/ids';

/**
 * Adds `n` pending copies of a stored event (new ids, one ms apart) straight into the extension's IndexedDB, from
 * one of its pages: a backlog as a participant offline for a day would have, without clicking for minutes. The
 * copy keeps everything else the logger wrote, so the server takes it as it takes the original.
 */
export async function addBacklog(page: Page, template: EventWithState, n: number): Promise<void> {
  // Ids made here, as the logger makes them (UUIDv7: the server refuses others).
  const ids = Array.from({ length: n }, () => newId());
  await page.evaluate(
    ({ template, ids }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('floorwalker');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          // Each event with its outbox row, in one transaction, as the background stores them.
          const tx = open.result.transaction(['events', 'outbox'], 'readwrite');
          const store = tx.objectStore('events');
          const outbox = tx.objectStore('outbox');
          const { syncState: _st, syncError: _e, rejectedAt: _r, ...event } = template;
          ids.forEach((id, i) => {
            const time = template.time + 1 + i;
            store.put({ ...event, id, time, storedAt: Date.now() });
            outbox.put({ study: event.study, participant: event.participant, time, id });
          });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { template, ids },
  );
}
