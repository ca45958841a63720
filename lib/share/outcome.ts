import type { Condition } from '../study/condition';

// Apart from the controller so that the tab message carrying an outcome (lib/rpc/tab-messages) names it without
// importing the controller and, through it, the logger and the RPC API.

export type SharingMode = Condition['sharing'];

/** What became of a share: sent as a card, waiting for the chat to reconnect, or put in the message box as text. */
export type ShareOutcome =
  { done: 'sent' | 'queued' | 'inserted'; mode: SharingMode } | { done: 'listed'; mode: SharingMode; size: number };
