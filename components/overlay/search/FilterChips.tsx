import { useState } from 'preact/hooks';
import type { Facets } from '@/lib/search/facets';
import type { SearchFilters } from '@/lib/search/query';
import { attributeLabel } from '@/lib/catalog/attribute-labels';

export const PRICE_BANDS: { label: string; min?: number; max?: number }[] = [
  { label: 'Under $50', max: 50 },
  { label: '$50–$150', min: 50, max: 150 },
  { label: '$150–$300', min: 150, max: 300 },
  { label: '$300+', min: 300 },
];

export interface FilterChipsProps {
  categories: { id: string; label: string }[];
  facets: Facets | null;
  filters: SearchFilters;
  onChange(next: SearchFilters): void;
  /** The category the search is in because the chat is about it, not because the Seller chose it. */
  chatCategory?: string | undefined;
}

function Chip({
  on,
  label,
  onToggle,
  testId,
  note,
  title,
}: {
  on: boolean;
  label: string;
  onToggle(): void;
  testId?: string;
  note?: string;
  title?: string;
}) {
  return (
    <button
      type="button"
      class={`fw-chip${on ? ' fw-chip-on' : ''}`}
      aria-pressed={on}
      data-testid={testId}
      title={title}
      onClick={onToggle}
    >
      {label}
      {note && <span class="fw-chip-note"> · {note}</span>}
    </button>
  );
}

/** Category, price, rating, brand and attribute chips; each toggles one filter. */
export function FilterChips({ categories, facets, filters, onChange, chatCategory }: FilterChipsProps) {
  const set = (patch: Partial<SearchFilters>) => {
    const next: SearchFilters = { ...filters, ...patch };
    for (const k of Object.keys(next) as (keyof SearchFilters)[]) if (next[k] === undefined) delete next[k];
    onChange(next);
  };
  const attrs = filters.attributes ?? {};
  const setAttr = (key: string, value: string | boolean | undefined) => {
    const next = { ...attrs };
    if (value === undefined) delete next[key];
    else next[key] = value;
    set({ attributes: Object.keys(next).length ? next : undefined });
  };
  const brand = filters.brands?.[0];
  const [open, setOpen] = useState(false);
  const active =
    (filters.priceMin !== undefined || filters.priceMax !== undefined ? 1 : 0) +
    (filters.minRating !== undefined ? 1 : 0) +
    (brand ? 1 : 0) +
    Object.keys(attrs).length;

  return (
    <div class="fw-chips" role="group" aria-label="Filters">
      <div class="fw-chip-row" role="group" aria-label="Category">
        {categories.map((c) => (
          <Chip
            key={c.id}
            testId={`fw-cat-${c.id}`}
            on={filters.category === c.id}
            label={c.label}
            {...(chatCategory === c.id
              ? { note: 'this chat', title: `The chat is about ${c.label}: searches stay in it. Click to search every category.` }
              : {})}
            // A new category clears brand and attribute filters that belonged to the old one.
            onToggle={() => set({ category: filters.category === c.id ? undefined : c.id, brands: undefined, attributes: undefined })}
          />
        ))}
      </div>
      <button type="button" class="fw-linkbtn" aria-expanded={open} data-testid="fw-more-filters" onClick={() => setOpen(!open)}>
        {open ? 'Fewer filters' : `Filters${active ? ` (${active})` : ''}`} {open ? '▴' : '▾'}
      </button>
      {open && (
        <>
          <div class="fw-chip-row" role="group" aria-label="Price and rating">
            {PRICE_BANDS.map((b) => {
              const on = filters.priceMin === b.min && filters.priceMax === b.max;
              return (
                <Chip
                  key={b.label}
                  label={b.label}
                  on={on}
                  onToggle={() => set(on ? { priceMin: undefined, priceMax: undefined } : { priceMin: b.min, priceMax: b.max })}
                />
              );
            })}
            <Chip
              label="4★ & up"
              on={filters.minRating === 4}
              onToggle={() => set({ minRating: filters.minRating === 4 ? undefined : 4 })}
            />
          </div>
          {facets && filters.category && (
            <>
              {facets.flags.length > 0 && (
                <div class="fw-chip-row" role="group" aria-label="Features">
                  {facets.flags.slice(0, 6).map((f) => (
                    <Chip
                      key={f.key}
                      label={attributeLabel(f.key)}
                      on={attrs[f.key] === true}
                      onToggle={() => setAttr(f.key, attrs[f.key] === true ? undefined : true)}
                    />
                  ))}
                </div>
              )}
              {facets.options.slice(0, 2).map((o) => (
                <div class="fw-chip-row" role="group" aria-label={attributeLabel(o.key)} key={o.key}>
                  {o.values.slice(0, 6).map((v) => (
                    <Chip
                      key={v.value}
                      label={v.value}
                      on={attrs[o.key] === v.value}
                      onToggle={() => setAttr(o.key, attrs[o.key] === v.value ? undefined : v.value)}
                    />
                  ))}
                </div>
              ))}
              <div class="fw-chip-row" role="group" aria-label="Brand">
                {facets.brands.slice(0, 6).map((b) => (
                  <Chip
                    key={b.name}
                    label={b.name}
                    on={brand === b.name}
                    onToggle={() => set({ brands: brand === b.name ? undefined : [b.name] })}
                  />
                ))}
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
