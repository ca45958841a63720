import { useEffect, useRef, useState } from 'preact/hooks';
import type { ShareHandle, ShareItem } from '@/lib/share/handle';
import { priceText } from '@/lib/share/format';
import { CONVERSATION_ENDED } from './ShareActions';

/** Condition II's "Share Now": the product, an optional message, and one button that sends the card. */
export function ShareDialog({
  share,
  item,
  cards,
  ended = false,
}: {
  share: ShareHandle;
  item: ShareItem;
  cards: boolean;
  ended?: boolean;
}) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => box.current?.focus(), [item.product.id]);
  const p = item.product;
  const send = () => {
    if (ended) return; // a dialog left open when the Buyer ended the chat
    setBusy(true);
    share.share([item], message).then(
      () => setMessage(''),
      () => setBusy(false), // the error is in the status line; the dialog stays open to try again
    );
  };
  return (
    <div
      class="fw-share-dialog"
      role="dialog"
      aria-modal="false"
      aria-labelledby="fw-share-title"
      data-testid="fw-share-dialog"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          share.setDraft(null);
        } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
      }}
    >
      <h3 id="fw-share-title">Share Now</h3>
      <div class="fw-share-product">
        {p.image ? <img src={p.image} alt="" width={72} height={54} /> : <div class="fw-result-img fw-noimg" aria-hidden="true" />}
        <div>
          <div class="fw-result-title">{p.title}</div>
          <div class="fw-muted">{[p.brand, priceText(p)].filter(Boolean).join(' · ')}</div>
        </div>
      </div>
      <label class="fw-share-label">
        Message (optional)
        <textarea
          ref={box}
          class="fw-input"
          rows={2}
          value={message}
          maxLength={4000}
          data-testid="fw-share-message"
          onInput={(e) => setMessage(e.currentTarget.value)}
          placeholder="Why this one suits them…"
        />
      </label>
      {!cards && <p class="fw-hint">This chat cannot show product cards: the product goes into your message box as text, with its link.</p>}
      <div class="fw-row">
        <button
          type="button"
          class="fw-btn fw-btn-primary"
          data-testid="fw-share-send"
          disabled={busy || ended}
          title={ended ? CONVERSATION_ENDED : undefined}
          onClick={send}
        >
          {cards ? 'Share now' : 'Put in message'}
        </button>
        <button type="button" class="fw-btn" onClick={() => share.setDraft(null)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
