import { useEffect, useState } from 'preact/hooks';
import type { AdminApi } from '@/lib/rpc/api';
import type { CatalogInfo, ColdStartMode } from '@/lib/rpc/types';
import {
  guessMapping,
  missingRequired,
  ImportCollector,
  PRODUCT_FIELDS,
  REQUIRED_FIELDS,
  type ColumnMapping,
  type RowError,
} from '@/lib/catalog/import';
import { csvHeaders, formatOf, readCsv, readNdjson, type ImportFormat } from '@/lib/catalog/read-file';
import { readJson } from '@/lib/catalog/read-json';
import { newId } from '@/lib/ids';

const STAGE_BATCH = 2_000;
const COLD_START_VERB: Record<ColdStartMode, string> = { snapshot: 'loaded', prebuilt: 'loaded from the shipped index', build: 'built' };

type Phase =
  | { kind: 'idle' }
  | { kind: 'reading'; rows: number; pct: number }
  | { kind: 'indexing'; rows: number }
  | { kind: 'done'; imported: number; skipped: number; errors: RowError[]; info: CatalogInfo }
  | { kind: 'failed'; message: string; errors: RowError[]; skipped: number };

/** The active catalog, researcher import (JSON, NDJSON, CSV with column mapping), and restoring the default. */
export function CatalogPanel({ api }: { api: AdminApi }) {
  const [info, setInfo] = useState<CatalogInfo | null>(null);
  const [infoError, setInfoError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [mode, setMode] = useState<'replace' | 'merge'>('replace');
  const [name, setName] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  useEffect(() => {
    api.catalogInfo().then(setInfo, (e: unknown) => setInfoError(msg(e)));
  }, [api]);

  async function choose(f: File | null) {
    setPhase({ kind: 'idle' });
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

  async function runImport() {
    if (!file || !format) return;
    const importId = newId();
    const collector = new ImportCollector();
    let staged = 0;
    const stage = async (all: boolean) => {
      while (collector.products.length >= STAGE_BATCH || (all && collector.products.length > 0)) {
        const batch = collector.products.splice(0, STAGE_BATCH);
        staged += (await api.stageProducts(importId, batch)).staged;
      }
    };
    try {
      setPhase({ kind: 'reading', rows: 0, pct: 0 });
      const hooks = {
        collector,
        onBatch: async (p: { rows: number; bytes: number }) => {
          await stage(false);
          setPhase({ kind: 'reading', rows: p.rows, pct: Math.min(100, Math.round((p.bytes / Math.max(1, file.size)) * 100)) });
        },
      };
      let categories: { id: string; label: string }[] | undefined;
      if (format === 'csv' && mapping) await readCsv(file, mapping, hooks);
      else if (format === 'ndjson') await readNdjson(file, hooks);
      else categories = (await readJson(file, hooks)).categories;
      await stage(true);
      if (staged === 0) {
        await api.discardImport(importId);
        setPhase({
          kind: 'failed',
          message: 'No valid products in the file; the catalog was not changed.',
          errors: collector.errors,
          skipped: collector.errorCount,
        });
        return;
      }
      setPhase({ kind: 'indexing', rows: staged });
      const next = await api.commitImport(importId, { mode, name: name.trim() || file.name, ...(categories ? { categories } : {}) });
      setInfo(next);
      setPhase({ kind: 'done', imported: next.imported, skipped: collector.errorCount, errors: collector.errors, info: next });
    } catch (e) {
      await api.discardImport(importId).catch(() => undefined);
      setPhase({
        kind: 'failed',
        message: `Import failed, the catalog was not changed: ${msg(e)}`,
        errors: collector.errors,
        skipped: collector.errorCount,
      });
    }
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
  const missing = format === 'csv' && mapping ? missingRequired(mapping) : [];
  const unmapped = mapping ? headers.filter((h) => !Object.values(mapping).includes(h)) : [];

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
          <button type="button" disabled={busy || info.source === 'default'} data-testid="restore-default" onClick={() => void restore()}>
            Restore default catalog
          </button>
        </p>
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
          disabled={busy}
          onChange={(e) => void choose(e.currentTarget.files?.[0] ?? null)}
        />
        {file && !format && <span class="error">Unknown file type: use .json, .ndjson, .jsonl or .csv</span>}
      </div>
      {format === 'csv' && mapping && (
        <fieldset class="mapping" data-testid="column-mapping">
          <legend>Columns</legend>
          {PRODUCT_FIELDS.map((field) => (
            <label key={field}>
              {field}
              {REQUIRED_FIELDS.includes(field) ? ' *' : ''}
              <select
                value={mapping[field]}
                onChange={(e) => setMapping({ ...mapping, [field]: e.currentTarget.value })}
                data-field={field}
              >
                <option value="">—</option>
                {headers.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <p class="muted">Attributes: {unmapped.length ? unmapped.join(', ') : 'none'}</p>
          {missing.length > 0 && <p class="error">Choose a column for: {missing.join(', ')}</p>}
        </fieldset>
      )}
      {file && format && (
        <div class="form-row">
          <label>
            Name <input value={name} onInput={(e) => setName(e.currentTarget.value)} data-testid="import-name" />
          </label>
          <label>
            <input type="radio" name="mode" checked={mode === 'replace'} onChange={() => setMode('replace')} /> Replace the catalog
          </label>
          <label>
            <input type="radio" name="mode" checked={mode === 'merge'} onChange={() => setMode('merge')} data-testid="mode-merge" /> Merge
            (same id replaces)
          </label>
          <button type="button" data-testid="import-run" disabled={busy || missing.length > 0} onClick={() => void runImport()}>
            Import
          </button>
        </div>
      )}
      {phase.kind === 'reading' && (
        <div role="status">
          Reading and checking… {phase.rows.toLocaleString('en-US')} rows
          <progress max={100} value={phase.pct} aria-label="Import progress" />
        </div>
      )}
      {phase.kind === 'indexing' && (
        <div role="status">
          {phase.rows ? `Saved ${phase.rows.toLocaleString('en-US')} products. ` : ''}Rebuilding the search index…
          <progress aria-label="Rebuilding the index" />
        </div>
      )}
      {phase.kind === 'done' && (
        <p role="status" data-testid="import-status">
          Imported {phase.imported.toLocaleString('en-US')} products
          {phase.skipped ? `, skipped ${phase.skipped.toLocaleString('en-US')} invalid rows` : ''}. The search index is ready (
          {phase.info.coldStart.mode === 'build' ? `built in ${Math.round(phase.info.coldStart.ms)} ms` : 'loaded'}).
        </p>
      )}
      {phase.kind === 'failed' && (
        <p role="alert" class="error" data-testid="import-status">
          {phase.message}
        </p>
      )}
      {(phase.kind === 'done' || phase.kind === 'failed') && phase.errors.length > 0 && (
        <details open data-testid="import-errors">
          <summary>
            {phase.skipped.toLocaleString('en-US')} rows skipped
            {phase.skipped > phase.errors.length ? ` (first ${phase.errors.length} shown)` : ''}
          </summary>
          <table>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {phase.errors.map((e) => (
                <tr key={`${e.row}-${e.error}`}>
                  <td>{e.row}</td>
                  <td>{e.error}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  );
}

function msg(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
