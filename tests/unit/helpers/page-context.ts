import type { PageContext } from '../../../lib/rpc/api';
import { DEFAULT_OVERLAY_PLACE } from '../../../lib/overlay/site-prefs';

/** A Seller's page context in a study, logging on: what the background answers a content script, with `overrides`. */
export function pageContext(overrides: Partial<PageContext> = {}): PageContext {
  return {
    logging: true,
    consented: true,
    study: 'study-1',
    participant: 'p-1',
    role: 'seller',
    condition: 'B.IIc',
    conversation: 'conv-1',
    keepUrlQuery: false,
    overlay: DEFAULT_OVERLAY_PLACE,
    ...overrides,
  };
}
