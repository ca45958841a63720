import { useState } from 'preact/hooks';
import type { ShareHandle } from '@/lib/share/handle';
import { useObservable } from '@/components/useObservable';
import { priceText } from '@/lib/share/format';
import { MAX_SHARED_PRODUCTS } from '@/lib/limits';
import { ShareDialog } from './ShareDialog';
import { CONVERSATION_ENDED, ENDED_NOTE } from './ShareActions';

/** The share feature's own part of the overlay: the Share Now dialog, the comparison list (III) and what happened. */
export function ShareTray({ share }: { share: ShareHandle }) {
  const state = useObservable(share.state);
  const ended = state.guess?.ended ?? false;
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const shareList = () => {
    setBusy(true);
    share.shareList(message).then(
      () => {
        setMessage('');
        setBusy(false);
      },
      () => setBusy(false),
    );
  };
  return (
    <section class="fw-share" aria-label="Sharing" data-testid="fw-share" data-mode={state.mode}>
      {state.draft && <ShareDialog share={share} item={state.draft} cards={state.cards} ended={ended} />}
      {state.mode === 'III' && state.list.length > 0 && (
        <div class="fw-share-list" data-testid="fw-share-list">
          <h3>
            Comparison list ({state.list.length}/{MAX_SHARED_PRODUCTS})
          </h3>
          <ol>
            {state.list.map((i) => (
              <li key={i.product.id} data-product-id={i.product.id}>
                <span class="fw-share-list-title">{i.product.title}</span> <span class="fw-muted">{priceText(i.product)}</span>
                <button
                  type="button"
                  class="fw-linkbtn"
                  aria-label={`Remove ${i.product.title} from the list`}
                  onClick={() => share.removeFromList(i.product.id)}
                >
                  ✕
                </button>
              </li>
            ))}
          </ol>
          <textarea
            class="fw-input"
            rows={2}
            value={message}
            maxLength={4000}
            placeholder="Message (optional)"
            aria-label="Message with the list"
            data-testid="fw-share-list-message"
            onInput={(e) => setMessage(e.currentTarget.value)}
          />
          <button
            type="button"
            class="fw-btn fw-btn-primary"
            data-testid="fw-share-list-send"
            disabled={busy || ended}
            title={ended ? CONVERSATION_ENDED : undefined}
            onClick={shareList}
          >
            {state.cards ? `Share list (${state.list.length})` : `Put list in message (${state.list.length})`}
          </button>
        </div>
      )}
      {state.guess?.answer && !state.guess.open && (
        <p class="fw-share-status" role="status" data-testid="fw-guess-answer" data-answer={state.guess.answer}>
          The Buyer {state.guess.answer === 'accepted' ? 'confirmed' : 'rejected'} your last guess.
        </p>
      )}
      {state.guess?.ended && (
        <p class="fw-share-status fw-share-busy" role="status" data-testid="fw-share-ended">
          {ENDED_NOTE}.
        </p>
      )}
      {state.status && (
        <p class={`fw-share-status fw-share-${state.status.kind}`} role="status" data-testid="fw-share-status">
          {state.status.text}
        </p>
      )}
    </section>
  );
}
