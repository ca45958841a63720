import type { Observable } from '../observable';
import type { SharedProduct } from '../storefront/product';
import type { GuessState } from '../adapters/pilot-cards';
import type { ShareOrigin } from './origins';
import type { ShareOutcome, SharingMode } from './outcome';

/** A product the Seller picked to share, and where they found it. */
export interface ShareItem {
  product: SharedProduct;
  from: ShareOrigin;
}

export interface ShareState {
  mode: SharingMode;
  /** The chat shows product cards (else shares go into the message box as text). */
  cards: boolean;
  guess: GuessState | null;
  list: ShareItem[];
  /** A product the Seller is about to share (condition II's dialog). */
  draft: ShareItem | null;
  /** The last thing that happened, for the overlay to say. */
  status: { kind: 'ok' | 'error' | 'busy'; text: string } | null;
}

/**
 * What the overlay's share controls need of a share controller: its state and the Seller's commands. The
 * ShareController implements it where the chat is in the overlay's own page; a RemoteShare (remote-share.ts) stands
 * in for one that runs in a chat frame of another origin, relayed through the background, as the coach does.
 */
export interface ShareHandle {
  readonly state: Observable<ShareState>;
  setDraft(draft: ShareItem | null): void;
  share(items: readonly ShareItem[], message?: string): Promise<ShareOutcome>;
  /** Adds to the comparison list; a full list is said in the state's status. */
  addToList(item: ShareItem): void;
  removeFromList(id: string): void;
  shareList(message?: string): Promise<ShareOutcome>;
  guess(product: SharedProduct): Promise<'sent' | 'queued'>;
}

/** A command the overlay gives a share controller, as plain data: what a RemoteShare sends, and what the chat frame runs. */
export type ShareCommand =
  | { op: 'setDraft'; draft: ShareItem | null }
  | { op: 'share'; items: ShareItem[]; message?: string }
  | { op: 'addToList'; item: ShareItem }
  | { op: 'removeFromList'; id: string }
  | { op: 'shareList'; message?: string }
  | { op: 'guess'; product: SharedProduct };

/** What a command came to, as plain data: its result, or the error it failed with (also in the state's status). */
export type ShareAnswer = { ok: true; result: ShareOutcome | 'sent' | 'queued' | null } | { ok: false; error: string };

/** Runs a command on a share controller (the chat frame's) and answers with what it came to. */
export async function applyShareCommand(share: ShareHandle, command: ShareCommand): Promise<ShareAnswer> {
  try {
    switch (command.op) {
      case 'setDraft':
        share.setDraft(command.draft);
        return { ok: true, result: null };
      case 'share':
        return { ok: true, result: await share.share(command.items, command.message) };
      case 'addToList':
        share.addToList(command.item);
        return { ok: true, result: null };
      case 'removeFromList':
        share.removeFromList(command.id);
        return { ok: true, result: null };
      case 'shareList':
        return { ok: true, result: await share.shareList(command.message) };
      case 'guess':
        return { ok: true, result: await share.guess(command.product) };
    }
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
