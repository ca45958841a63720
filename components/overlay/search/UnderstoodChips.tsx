import { useEffect, useRef, useState } from 'preact/hooks';
import type { Understood } from '@/lib/search/query';

export interface UnderstoodChipsProps {
  /** What the search read from the words, in query order. */
  items: Understood[];
  onRemove(item: Understood): void;
  /** Called when the last chip was removed, to put the focus somewhere useful (the search box). */
  onEmptied?(): void;
}

/**
 * What the search understood from the Seller's words ("Type: on-ear", "Under $100"), one removable chip each. A chip
 * is not a filter the Seller set: it is a reading of their words, so it looks apart from the filter chips and says
 * where it came from; removing it searches those words as plain words.
 */
export function UnderstoodChips({ items, onRemove, onEmptied }: UnderstoodChipsProps) {
  const row = useRef<HTMLDivElement>(null);
  // After a removal, the focus goes to the next chip's ×, else the previous one's, else (none left) to onEmptied:
  // the removed button leaves the page, and a keyboard user should not be sent back to the top.
  const [focusNext, setFocusNext] = useState<{ id: string | null } | null>(null);
  useEffect(() => {
    if (!focusNext) return;
    setFocusNext(null);
    const target = [...(row.current?.querySelectorAll<HTMLButtonElement>('button[data-reading]') ?? [])].find(
      (b) => b.dataset.reading === focusNext.id,
    );
    if (target) target.focus();
    else onEmptied?.();
  }, [focusNext, onEmptied]);

  if (!items.length) return null;
  return (
    <div class="fw-understood" role="group" aria-label="What the search understood" data-testid="fw-understood" ref={row}>
      <span class="fw-understood-lead" aria-hidden="true">
        Understood:
      </span>
      {items.map((u, i) => (
        <span class="fw-reading" key={u.id} data-testid="fw-reading" title={u.words.length ? `From “${u.words.join(' ')}”` : undefined}>
          <span class="fw-reading-label">{u.label}</span>
          <button
            type="button"
            class="fw-reading-x"
            data-reading={u.id}
            aria-label={`Remove ${u.label}`}
            title={`Remove ${u.label}: search ${u.words.length ? `“${u.words.join(' ')}”` : 'the words'} as plain words`}
            onClick={() => {
              setFocusNext({ id: (items[i + 1] ?? items[i - 1])?.id ?? null });
              onRemove(u);
            }}
          >
            ×
          </button>
        </span>
      ))}
    </div>
  );
}
