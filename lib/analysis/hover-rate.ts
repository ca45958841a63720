import { mean } from 'd3-array';
import type { FwEvent } from '../events/event-schema';
import { PRIMINGS, type Condition } from '../study/condition';
import { bootstrapMedian, DEFAULT_SEED } from './bootstrap';
import type { StudyConversation } from './conversations';

/**
 * Paper 000, Figure 3: "Median and 95% confidence bounds for the product image mouse-over rate per conversation
 * turn, for each of the four priming conditions." Read here as: a conversation's mouse-over rate in turn t is how
 * many product-image mouse-overs its Seller made in that turn; for each priming (A-D, whatever the sharing, coaching
 * and voice) and each turn, the point is the median of that rate over the conversations that reached the turn, with
 * percentile-bootstrap 95 % bounds (conversations resampled). The Buyer's hovers are the same measure for the Buyer.
 */
export type HoverSide = 'seller' | 'buyer';

/** Hover targets that are a product's picture; `image` (a picture no product was found for) is not one. */
export const PRODUCT_IMAGE_TARGETS: readonly string[] = ['product_image', 'result_image', 'shared_card'];

/**
 * A mouse-over of a product image by `side`: a hover logged from that side's browser (role), so the Seller's are
 * the search results' pictures in the overlay (agent Seller) and the product pictures of the shop pages they browse
 * (agent Page), and the Buyer's the shared product cards in the pilot.
 */
export function isProductImageHover(e: FwEvent, side: HoverSide): boolean {
  return e.action === 'hover' && e.role === side && PRODUCT_IMAGE_TARGETS.includes(e.payload.target);
}

export interface HoverRatePoint {
  turn: number;
  /** Conversations of this priming that reached the turn. */
  conversations: number;
  /** Of those, how many had at least one mouse-over in the turn. */
  withHover: number;
  /** Mean mouse-overs per conversation in the turn. */
  mean: number;
  median: number;
  low: number;
  high: number;
}

export interface HoverRateFigure {
  side: HoverSide;
  series: { priming: Condition['priming']; points: HoverRatePoint[] }[];
}

/** Mouse-overs per turn of one conversation: index t − 1 holds turn t's count, for each turn it reached. */
export function hoversPerTurn(c: StudyConversation, side: HoverSide): number[] {
  const counts = new Array<number>(c.turnsReached).fill(0);
  for (const { event, turn } of c.events)
    if (turn <= c.turnsReached && isProductImageHover(event, side)) counts[turn - 1] = (counts[turn - 1] ?? 0) + 1;
  return counts;
}

/** Figure 3 (side "seller") or its Buyer counterpart; primings with no conversation have no series. */
export function hoverRateFigure(conversations: readonly StudyConversation[], side: HoverSide, seed = DEFAULT_SEED): HoverRateFigure {
  const series = PRIMINGS.flatMap((priming) => {
    const rates = conversations.filter((c) => c.parts.priming === priming).map((c) => hoversPerTurn(c, side));
    const lastTurn = Math.max(0, ...rates.map((r) => r.length));
    if (!rates.length) return [];
    const points: HoverRatePoint[] = [];
    for (let turn = 1; turn <= lastTurn; turn++) {
      const values = rates.flatMap((r) => (turn <= r.length ? [r[turn - 1] ?? 0] : []));
      const ci = bootstrapMedian(values, { seed, label: `${side}|${priming}|${turn}` });
      points.push({
        turn,
        conversations: values.length,
        withHover: values.filter((v) => v > 0).length,
        mean: mean(values) ?? 0,
        median: ci.estimate,
        low: ci.low,
        high: ci.high,
      });
    }
    return [{ priming, points }];
  });
  return { side, series };
}
