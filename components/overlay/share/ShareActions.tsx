import type { ShareHandle, ShareItem, ShareState } from '@/lib/share/handle';

export interface ShareActionsProps {
  share: ShareHandle;
  state: ShareState;
  item: ShareItem;
}

const quiet = (p: Promise<unknown>) => void p.catch(() => undefined); // the controller shows the error

/** Why nothing more can be shared or guessed once the Buyer has ended the conversation. */
export const ENDED_NOTE = 'The Buyer has ended the conversation: nothing more can be shared or guessed';

/** The short reason shown beside controls the end disabled (a tooltip alone is not seen). */
export const CONVERSATION_ENDED = 'The conversation has ended';

/** A result's share controls, as the sharing condition says, and Guess once the chat allows it. */
export function ShareActions({ share, state, item }: ShareActionsProps) {
  const listed = state.list.some((i) => i.product.id === item.product.id);
  const g = state.guess;
  const canGuess = state.cards && g !== null && item.product.source === 'catalog';
  const ended = g?.ended ?? false;
  const guessNote = !g
    ? ''
    : ended
      ? ENDED_NOTE
      : g.open
        ? 'Waiting for the Buyer’s answer to your last guess'
        : g.allowed
          ? 'Guess that this is the Buyer’s product'
          : `A guess is allowed after ${g.minTurns} turns (now ${g.turns})`;
  // Clicks here must not also choose the result card they sit in.
  const act = (fn: () => void) => (e: Event) => {
    e.stopPropagation();
    fn();
  };
  return (
    <div class="fw-share-actions" data-testid="fw-share-actions">
      {state.mode === 'I' && (
        <button
          type="button"
          class="fw-btn fw-btn-small"
          data-testid="fw-insert-link"
          disabled={ended}
          title={ended ? ENDED_NOTE : 'Put the product’s title and link in your message'}
          onClick={act(() => quiet(share.share([item])))}
        >
          Insert link
        </button>
      )}
      {state.mode === 'II' && (
        <button
          type="button"
          class="fw-btn fw-btn-small fw-btn-primary"
          data-testid="fw-share-now"
          disabled={ended}
          title={ended ? ENDED_NOTE : state.cards ? 'Send the Buyer a product card' : 'Put the product in your message as text'}
          onClick={act(() => share.setDraft(item))}
        >
          Share…
        </button>
      )}
      {state.mode === 'III' && (
        <button
          type="button"
          class="fw-btn fw-btn-small"
          data-testid="fw-add-to-list"
          disabled={listed || ended}
          title={ended ? ENDED_NOTE : undefined}
          onClick={act(() => share.addToList(item))}
        >
          {listed ? 'In list ✓' : 'Add to list'}
        </button>
      )}
      {canGuess && (
        <button
          type="button"
          class="fw-btn fw-btn-small"
          data-testid="fw-guess"
          disabled={!g.allowed || g.open}
          title={guessNote}
          onClick={act(() => quiet(share.guess(item.product)))}
        >
          Guess
        </button>
      )}
      {ended && (
        <span class="fw-share-why" data-testid="fw-share-why">
          {CONVERSATION_ENDED}
        </span>
      )}
    </div>
  );
}
