import { extent } from 'd3-array';
import { groupBy, type StudyConversation } from './conversations';

/**
 * How long conversations are: per condition, how many conversations fall in each range of turns (one turn is a
 * Buyer message answered by the Seller). Bins are of equal width and cover every length from the shortest to the
 * longest conversation, empty ones included, so the figure reads as a distribution; up to MAX_TURN_BINS lengths a
 * bin is one length, beyond that the width is the smallest of 2, 5, 10, 20, 50… that keeps the bins that few.
 */
export const MAX_TURN_BINS = 20;

export interface TurnBin {
  /** The first and last turn counts in the bin (equal when a bin is one length). */
  from: number;
  to: number;
  label: string;
}

export interface TurnsHistogramRow extends TurnBin {
  condition: string;
  conversations: number;
}

export interface TurnsHistogram {
  bins: TurnBin[];
  conditions: string[];
  /** One row per condition and bin (zeros included), conditions in order, bins in order. */
  rows: TurnsHistogramRow[];
}

/** The bin width for lengths spanning `span` values: 1, 2, 5, 10, 20, 50… the first giving at most MAX_TURN_BINS bins. */
export function binWidth(span: number): number {
  for (let scale = 1; ; scale *= 10) for (const w of [1, 2, 5]) if (Math.ceil(span / (w * scale)) <= MAX_TURN_BINS) return w * scale;
}

export function turnsHistogram(conversations: readonly StudyConversation[]): TurnsHistogram {
  const [lo, hi] = extent(conversations, (c) => c.turnCount);
  if (lo === undefined || hi === undefined) return { bins: [], conditions: [], rows: [] };
  const width = binWidth(hi - lo + 1);
  const start = Math.floor(lo / width) * width;
  const bins: TurnBin[] = [];
  for (let from = start; from <= hi; from += width) {
    const to = from + width - 1;
    bins.push({ from, to, label: from === to ? String(from) : `${from}–${to}` });
  }
  const byCondition = groupBy(conversations, (c) => c.condition);
  const rows = byCondition.flatMap(([condition, convs]) => {
    const counts = new Array<number>(bins.length).fill(0);
    for (const c of convs) {
      const at = Math.floor((c.turnCount - start) / width);
      counts[at] = (counts[at] ?? 0) + 1;
    }
    return bins.map((b, i) => ({ condition, ...b, conversations: counts[i] ?? 0 }));
  });
  return { bins, conditions: byCondition.map(([condition]) => condition), rows };
}
