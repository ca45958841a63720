import { ImportCollector } from '../../../lib/catalog/import';
import type { ReadHooks, ReadProgress } from '../../../lib/catalog/read-file';

/** A real collector, and every progress report a reader makes. */
export function recordingHooks(): { hooks: ReadHooks; collector: ImportCollector; batches: ReadProgress[] } {
  const collector = new ImportCollector();
  const batches: ReadProgress[] = [];
  const hooks: ReadHooks = {
    collector,
    onBatch: async (p) => {
      batches.push({ ...p });
    },
  };
  return { hooks, collector, batches };
}

/**
 * How many times a 0 ms timer fired while `work` ran. A reader that never yields to the event loop starves the
 * timer (the count stays near zero), as it would starve a page's rendering and input.
 */
export async function timerTicksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 0);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return ticks;
}

/** A minimal valid product as a JSON object, numbered. */
export function jsonProduct(i: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: `p-${i}`, category: 'Garden Tools', title: `Pruning Shears ${i}`, brand: 'Fiskars', price: 10 + i, ...over };
}
