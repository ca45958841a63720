import type { ImportPreview } from '@/lib/catalog/import-preview';
import type { Product } from '@/lib/catalog/catalog-schema';
import type { CatalogInfo } from '@/lib/rpc/types';
import { DataTable, type Column } from '../DataTable';
import { RowErrors } from './RowErrors';
import type { ImportMode } from './useCatalogImport';

/** Attributes shown per sample product before the rest are counted. */
const SAMPLE_ATTRIBUTES = 4;
/** Categories listed by name before the rest are counted. */
const LISTED_CATEGORIES = 12;

const n = (x: number) => x.toLocaleString('en-US');

const SAMPLE_COLUMNS: Column<Product>[] = [
  { header: 'id', cell: (p) => p.id },
  { header: 'category', cell: (p) => p.category },
  { header: 'title', cell: (p) => p.title },
  { header: 'brand', cell: (p) => p.brand },
  { header: 'price', cell: (p) => `${p.price} ${p.currency}` },
  {
    header: 'attributes',
    cell: (p) => {
      const entries = Object.entries(p.attributes);
      const shown = entries.slice(0, SAMPLE_ATTRIBUTES).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`);
      return entries.length > SAMPLE_ATTRIBUTES ? `${shown.join('; ')}; +${entries.length - SAMPLE_ATTRIBUTES} more` : shown.join('; ');
    },
  },
];

/**
 * The checked file, before anything is written: what it will import, what it refused and why, warnings when it
 * does not look like a catalog, and the researcher's choice. No button is the default; Cancel writes nothing.
 */
export function ImportPreviewView({
  preview,
  current,
  busy,
  onChoose,
  onCancel,
}: {
  preview: ImportPreview;
  current: CatalogInfo | null;
  busy: boolean;
  onChoose(mode: ImportMode): void;
  onCancel(): void;
}) {
  const more = preview.categories.length - LISTED_CATEGORIES;
  return (
    <div class="import-preview" data-testid="import-preview" role="region" aria-label="Import preview">
      <p data-testid="import-summary">
        <strong>{n(preview.accepted)}</strong> of {n(preview.rows)} rows can be imported as products in {n(preview.categories.length)}{' '}
        {preview.categories.length === 1 ? 'category' : 'categories'}; {n(preview.refused.count)} refused. Nothing has been written yet.
      </p>
      {preview.warnings.length > 0 && (
        <div class="warnings" role="alert" data-testid="import-warnings">
          <strong>This file may not be a product catalog:</strong>
          <ul>
            {preview.warnings.map((w) => (
              <li key={w.code} data-warning={w.code}>
                {w.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <h4>First products, as they will be imported</h4>
      <DataTable testId="import-sample" rows={preview.sample} rowKey={(p) => p.id} columns={SAMPLE_COLUMNS} />
      <h4>Products per category</h4>
      <ul class="category-counts" data-testid="import-categories">
        {preview.categories.slice(0, LISTED_CATEGORIES).map((c) => (
          <li key={c.id}>
            {c.label} <span class="muted">({c.id})</span>: {n(c.count)}
          </li>
        ))}
        {more > 0 && <li class="muted">and {n(more)} more categories</li>}
      </ul>
      {preview.refused.count > 0 && (
        <>
          <h4>Refused rows</h4>
          <ul data-testid="import-reasons">
            {preview.refused.reasons.map((r) => (
              <li key={r.reason}>
                {r.reason}: {n(r.count)} {r.count === 1 ? 'row' : 'rows'}
              </li>
            ))}
          </ul>
          <RowErrors errors={preview.refused.first} skipped={preview.refused.count} open={false} />
        </>
      )}
      <div class="form-row choice">
        <button type="button" data-testid="import-replace" disabled={busy} onClick={() => onChoose('replace')}>
          Replace the catalog
        </button>
        <button type="button" data-testid="import-add" disabled={busy} onClick={() => onChoose('merge')}>
          Add to the catalog
        </button>
        <button type="button" data-testid="import-cancel" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p class="muted">
        Replace removes the {current ? `${n(current.count)} products of “${current.name}”` : 'current products'}. Add keeps them; a product
        with the same id as one in the file is updated.
      </p>
    </div>
  );
}
