import type { ComponentChildren } from 'preact';
import type { SearchHit } from '@/lib/search/query';
import { useHoverDwell } from '@/hooks/useHoverDwell';
import { Highlighted } from './Highlighted';

export interface ResultCardProps {
  hit: SearchHit;
  index: number;
  active: boolean;
  selected: boolean;
  onChoose(): void;
  /** Called when the pointer leaves the image after resting on it long enough to count as a look. */
  onImageHover(dwellMs: number): void;
  /** Controls for this result (share, guess). */
  children?: ComponentChildren;
}

const money = new Map<string, Intl.NumberFormat>();
export function formatPrice(value: number, currency: string): string {
  let f = money.get(currency);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    money.set(currency, f);
  }
  return f.format(value);
}

export function ResultCard({ hit, index, active, selected, onChoose, onImageHover, children }: ResultCardProps) {
  // A result replaced while the pointer rests on it still counts the look.
  const hover = useHoverDwell(onImageHover, hit.id);

  return (
    <li
      id={`fw-result-${index}`}
      role="option"
      aria-selected={selected}
      class={`fw-result${active ? ' fw-active' : ''}${selected ? ' fw-selected' : ''}`}
      data-product-id={hit.id}
      onClick={onChoose}
    >
      {hit.image ? (
        <img class="fw-result-img" src={hit.image.src} alt={hit.image.alt} width={64} height={48} loading="lazy" {...hover} />
      ) : (
        <div class="fw-result-img fw-noimg" aria-hidden="true" />
      )}
      <div class="fw-result-text">
        <div class="fw-result-title">
          <Highlighted text={hit.title} ranges={hit.highlights.title} />
        </div>
        <div class="fw-result-meta">
          <span class="fw-price">{formatPrice(hit.price, hit.currency)}</span>
          <span class="fw-rating" aria-label={`Rated ${hit.rating.toFixed(1)} out of 5 by ${hit.ratingCount} people`}>
            ★ {hit.rating.toFixed(1)} <span class="fw-muted">({hit.ratingCount.toLocaleString('en-US')})</span>
          </span>
        </div>
        {hit.attributes.length > 0 && (
          <ul class="fw-result-attrs" data-testid="fw-result-attrs" aria-label="Details">
            {hit.attributes.map((a) => (
              <li key={a.key}>
                {a.label}: {a.value}
              </li>
            ))}
          </ul>
        )}
        {children}
      </div>
    </li>
  );
}
