import { useEffect, useState } from 'preact/hooks';
import { LIVE_TOPICS } from '@/lib/live/change';
import { useLive } from '../../useLive';
import type { AdminApi } from '@/lib/rpc/api';
import type { CatalogInfo, ColdStartMode } from '@/lib/rpc/types';
import { guessMapping, missingRequired, type ColumnMapping } from '@/lib/catalog/import';
import { csvHeaders, formatOf, type ImportFormat } from '@/lib/catalog/read-file';
import { ColumnMappingFields } from './ColumnMappingFields';
import { ImportPreviewView } from './ImportPreviewView';
import { RowErrors } from './RowErrors';
import { EmptyState } from '../SectionTabs';
import { msg, useCatalogImport, type ImportMode } from './useCatalogImport';

const COLD_START_VERB: Record<ColdStartMode, string> = { snapshot: 'loaded', prebuilt: 'loaded from the shipped index', build: 'built' };

/**
 * The active catalog, researcher import (JSON, NDJSON, CSV with column mapping) and restoring the default. An
 * import is checked and previewed first; the catalog changes only when the researcher chooses Replace or Add.
 */
export function CatalogPanel({ api }: { api: AdminApi }) {
  const [info, setInfo] = useState<CatalogInfo | null>(null);
  const [infoError, setInfoError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [name, setName] = useState('');
  const { phase, setPhase, check, commit, reset } = useCatalogImport(api, info?.categories ?? []);

  const readInfo = () => void api.catalogInfo().then(setInfo, (e: unknown) => setInfoError(msg(e)));
  useEffect(readInfo, [api]);
  // A catalog changed from another options tab shows here at once.
  useLive([LIVE_TOPICS.catalog], readInfo);

  async function choose(f: File | null) {
    reset();
    setFile(f);
    setHeaders([]);
    setMapping(null);
    const fmt = f ? formatOf(f.name) : null;
    setFormat(fmt);
    if (!f) return;
    setName(f.name.replace(/\.[^.]+$/, ''));
    if (fmt === 'csv') {
      const h = await csvHeaders(f);
      setHeaders(h);
      setMapping(guessMapping(h));
    }
  }

  async function choosePreview(mode: ImportMode) {
    const next = await commit(mode, name.trim() || file?.name || 'Imported catalog');
    if (next) setInfo(next);
  }

  async function restore() {
    if (info?.source === 'import' && !confirm('Replace the imported catalog with the default catalog?')) return;
    setPhase({ kind: 'indexing', rows: 0 });
    try {
      const next = await api.restoreDefaultCatalog();
      setInfo(next);
      setPhase({ kind: 'idle' });
    } catch (e) {
      setPhase({ kind: 'failed', message: `Could not restore the default catalog: ${msg(e)}`, errors: [], skipped: 0 });
    }
  }

  const busy = phase.kind === 'reading' || phase.kind === 'indexing';
  const previewing = phase.kind === 'preview';
  const missing = format === 'csv' && mapping ? missingRequired(mapping) : [];
  const editable = !busy && !previewing;

  return (
    <section aria-labelledby="catalog-h" data-testid="catalog-panel">
      <h2 id="catalog-h">Catalog</h2>
      {infoError && <p class="error">Could not read the catalog: {infoError}</p>}
      {info && (
        <p
          data-testid="catalog-info"
          data-cold-start-mode={info.coldStart.mode}
          data-cold-start-ms={info.coldStart.ms.toFixed(1)}
          title={`Search index ${COLD_START_VERB[info.coldStart.mode]} in ${Math.round(info.coldStart.ms)} ms`}
        >
          <strong>{info.name}</strong> · {info.count.toLocaleString('en-US')} products in {info.categories.length}{' '}
          {info.categories.length === 1 ? 'category' : 'categories'} · {info.source === 'default' ? 'bundled' : 'imported'}{' '}
          <button
            type="button"
            disabled={!editable || info.source === 'default'}
            data-testid="restore-default"
            onClick={() => void restore()}
          >
            Restore default catalog
          </button>
        </p>
      )}
      {info?.source === 'default' && (
        <EmptyState testId="catalog-empty">
          Sellers search the bundled catalog. To study your own products, import a file below: you will see what it holds before anything
          changes.
        </EmptyState>
      )}
      <h3>Import products</h3>
      <p class="muted">
        JSON (an array of products, or a catalog object), NDJSON (one product per line) or CSV. Required: id, category, title, brand, price.
        Optional: description, currency, rating, ratingCount, images (URLs separated by | or spaces), url. Other CSV columns become
        attributes (“true”/“yes” → yes, numbers → numbers, “a|b” → a list).
      </p>
      <div class="form-row">
        <input
          type="file"
          accept=".json,.ndjson,.jsonl,.csv,.tsv"
          data-testid="import-file"
          disabled={!editable}
          onChange={(e) => void choose(e.currentTarget.files?.[0] ?? null)}
        />
        {file && !format && <span class="error">Unknown file type: use .json, .ndjson, .jsonl or .csv</span>}
      </div>
      {format === 'csv' && mapping && (
        <fieldset disabled={!editable} class="plain">
          <ColumnMappingFields headers={headers} mapping={mapping} onChange={setMapping} />
        </fieldset>
      )}
      {file && format && (
        <div class="form-row">
          <label>
            Name <input value={name} disabled={busy} onInput={(e) => setName(e.currentTarget.value)} data-testid="import-name" />
          </label>
          <button
            type="button"
            data-testid="import-check"
            disabled={!editable || missing.length > 0}
            onClick={() => void check(file, format, mapping)}
          >
            Check the file
          </button>
        </div>
      )}
      {phase.kind === 'reading' && (
        <div role="status">
          Reading and checking… {phase.rows.toLocaleString('en-US')} rows
          <progress max={100} value={phase.pct} aria-label="Import progress" />
        </div>
      )}
      {phase.kind === 'preview' && (
        <ImportPreviewView preview={phase.preview} current={info} busy={busy} onChoose={(m) => void choosePreview(m)} onCancel={reset} />
      )}
      {phase.kind === 'indexing' && (
        <div role="status">
          {phase.rows ? `Saving ${phase.rows.toLocaleString('en-US')} products. ` : ''}Rebuilding the search index…
          <progress aria-label="Rebuilding the index" />
        </div>
      )}
      {phase.kind === 'done' && (
        <p role="status" data-testid="import-status">
          Imported {phase.imported.toLocaleString('en-US')} products
          {phase.skipped ? `, skipped ${phase.skipped.toLocaleString('en-US')} invalid rows` : ''}. The search index is ready (
          {phase.info.coldStart.mode === 'build' ? 'built' : 'loaded'} in {Math.round(phase.info.coldStart.ms)} ms).
        </p>
      )}
      {phase.kind === 'failed' && (
        <p role="alert" class="error" data-testid="import-status">
          {phase.message}
        </p>
      )}
      {(phase.kind === 'done' || phase.kind === 'failed') && <RowErrors errors={phase.errors} skipped={phase.skipped} open />}
    </section>
  );
}
