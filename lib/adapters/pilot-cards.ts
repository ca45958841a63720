import type { Condition } from '../study/condition';
import { BRIDGE_REPLY, BRIDGE_REQUEST, PAGE_STATE_ATTRS, type BridgeReply, type BridgeRequest } from '../pilot/bridge';
import { BRIDGE_REPLY_TIMEOUT_MS } from '../limits';
import { watchRoomRecords, type RecordOnPage } from './pilot-records';

/** Where the chat stands for guessing: allowed after the study's minimum turns, one open guess at a time. */
export interface GuessState {
  turns: number;
  minTurns: number;
  allowed: boolean;
  /** A guess waits for the Buyer's answer. */
  open: boolean;
  /** The Buyer's answer to the last guess, once given. */
  answer: 'accepted' | 'rejected' | null;
  /** The Buyer has ended the conversation: nothing more can be shared or guessed. */
  ended: boolean;
}

/**
 * What a chat that can show product cards offers the overlay: the pilot chat does; a third-party chat does not,
 * and gets products as formatted text in its message box instead.
 */
export interface ChatCards {
  /** The chat's own sharing condition (the pilot room's), which its server enforces. */
  sharing(doc: Document): Condition['sharing'] | null;
  guess(doc: Document): GuessState | null;
  /** A page where the Buyer can see a catalog product (for URL-only sharing). */
  productUrl(doc: Document, productId: string): string;
  /** Calls back when what `sharing` or `guess` say may have changed. */
  watch(doc: Document, signal: AbortSignal, onChange: () => void): void;
  /** Hands a share or guess to the page; resolves when the chat's server has it ('sent') or it waits for a reconnect. */
  send(doc: Document, request: BridgeRequest): Promise<'sent' | 'queued'>;
  /**
   * Calls back once for each record of the chat's server the page states (the Buyer's answer, share views, hovers on
   * shared cards, the end: lib/pilot/records.ts), those already on the page included, until the signal aborts.
   */
  records(doc: Document, signal: AbortSignal, onRecord: (r: RecordOnPage) => void): void;
}

const state = (doc: Document, attr: string) => doc.querySelector(`[${attr}]`)?.getAttribute(attr) ?? null;

export const PILOT_CARDS: ChatCards = {
  sharing(doc) {
    const s = state(doc, PAGE_STATE_ATTRS.sharing);
    return s === 'I' || s === 'II' || s === 'III' ? s : null;
  },
  guess(doc) {
    const phase = state(doc, PAGE_STATE_ATTRS.phase);
    if (phase !== 'chat' && phase !== 'ended') return null;
    const turns = Number(state(doc, PAGE_STATE_ATTRS.turns));
    const minTurns = Number(state(doc, PAGE_STATE_ATTRS.minTurns));
    if (!Number.isInteger(turns) || !Number.isInteger(minTurns)) return null;
    const outcome = state(doc, PAGE_STATE_ATTRS.outcome);
    const ended = phase === 'ended';
    return {
      turns,
      minTurns,
      allowed: !ended && turns >= minTurns,
      open: !ended && state(doc, PAGE_STATE_ATTRS.guess) === 'open',
      answer: outcome === 'accepted' || outcome === 'rejected' ? outcome : null,
      ended,
    };
  },
  watch(doc, signal, onChange) {
    const observer = new MutationObserver(onChange);
    observer.observe(doc.body, { subtree: true, attributes: true, attributeFilter: Object.values(PAGE_STATE_ATTRS) });
    signal.addEventListener('abort', () => observer.disconnect(), { once: true });
  },
  records: watchRoomRecords,
  productUrl(doc, productId) {
    return new URL(`/pilot/products/${encodeURIComponent(productId)}`, doc.location.origin).toString();
  },
  send(doc, request) {
    return new Promise((resolve, reject) => {
      const onReply = (e: Event) => {
        let r: BridgeReply;
        try {
          r = JSON.parse(String((e as CustomEvent<unknown>).detail)) as BridgeReply;
        } catch {
          return;
        }
        if (r.id !== request.id) return;
        done();
        if (r.ok) resolve(r.state);
        else reject(new Error(r.error));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error('The chat page did not answer. Is the chat still open and connected?'));
      }, BRIDGE_REPLY_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        doc.removeEventListener(BRIDGE_REPLY, onReply);
      };
      doc.addEventListener(BRIDGE_REPLY, onReply);
      doc.dispatchEvent(new CustomEvent(BRIDGE_REQUEST, { detail: JSON.stringify(request) }));
    });
  },
};
