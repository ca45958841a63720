import { useEffect, useRef, useState } from 'preact/hooks';
import type { Observable } from '@/lib/observable';
import { useObservable } from '@/components/useObservable';
import type { DetectedProduct } from '@/lib/storefront/detect';
import type { ShareToChatResult } from '@/lib/rpc/tab-messages';
import { priceText } from '@/lib/share/format';

export interface ShareToChatProps {
  product: Observable<DetectedProduct | null>;
  shareToChat(product: DetectedProduct, message: string | undefined): Promise<ShareToChatResult>;
}

/** What the chat tab did, in the Seller's words. */
function resultText(r: Extract<ShareToChatResult, { ok: true }>): string {
  const o = r.outcome;
  if (o.done === 'listed') return `Added to the comparison list in the chat (${o.size}). Share the list from there.`;
  if (o.done === 'inserted')
    return o.mode === 'I'
      ? 'The link is in the chat’s message box: press Send there.'
      : 'The product is in the chat’s message box as text: press Send there.';
  if (o.done === 'queued') return 'The chat is reconnecting; the product will be shared as soon as it is back.';
  return 'Shared to the chat.';
}

/** A small "Share to chat" button on a storefront product page: sends the product to the Seller's chat tab. */
export function ShareToChat({ product: source, shareToChat }: ShareToChatProps) {
  const product = useObservable(source);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (open) box.current?.focus();
  }, [open]);
  useEffect(() => setResult(null), [product?.id]);
  if (!product) return null;

  const send = () => {
    setBusy(true);
    setResult(null);
    shareToChat(product, message.trim() || undefined)
      .then(
        (r) => {
          setResult(r.ok ? { ok: true, text: resultText(r) } : { ok: false, text: r.error });
          if (r.ok) setMessage('');
        },
        (e: unknown) => setResult({ ok: false, text: e instanceof Error ? e.message : String(e) }),
      )
      .finally(() => setBusy(false));
  };

  return (
    // In a frame, the top corner: a tall product frame's bottom is often below the fold of the page around it.
    <div class={`fw-root fw-s2c${window.top === window ? '' : ' fw-in-frame'}`}>
      {open ? (
        <div
          class="fw-s2c-card"
          role="dialog"
          aria-label="Share this product to your chat"
          data-testid="fw-s2c-card"
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
        >
          <div class="fw-s2c-product">
            {product.image && <img src={product.image} alt="" width={56} height={42} />}
            <div>
              <div class="fw-s2c-title" data-testid="fw-s2c-title">
                {product.title}
              </div>
              <div class="fw-muted">{[product.brand, priceText(product)].filter(Boolean).join(' · ')}</div>
            </div>
          </div>
          <textarea
            ref={box}
            class="fw-input"
            rows={2}
            maxLength={4000}
            value={message}
            placeholder="Message to the Buyer (optional)"
            aria-label="Message to the Buyer"
            data-testid="fw-s2c-message"
            onInput={(e) => setMessage(e.currentTarget.value)}
          />
          <div class="fw-row">
            <button type="button" class="fw-btn fw-btn-primary" data-testid="fw-s2c-send" disabled={busy} onClick={send}>
              {busy ? 'Sharing…' : 'Share to chat'}
            </button>
            <button type="button" class="fw-btn" onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
          {result && (
            <p class={result.ok ? 'fw-share-ok' : 'fw-share-error'} role="status" data-testid="fw-s2c-result">
              {result.text}
            </p>
          )}
        </div>
      ) : (
        <button
          type="button"
          class="fw-btn fw-btn-primary fw-s2c-open"
          data-testid="fw-s2c-open"
          title={`Share “${product.title}” to your chat`}
          onClick={() => setOpen(true)}
        >
          Share to chat
        </button>
      )}
    </div>
  );
}
