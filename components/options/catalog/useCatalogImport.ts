import { useEffect, useRef, useState } from 'preact/hooks';
import type { AdminApi } from '@/lib/rpc/api';
import type { CatalogInfo } from '@/lib/rpc/types';
import type { ColumnMapping, RowError } from '@/lib/catalog/import';
import type { ImportPreview } from '@/lib/catalog/import-preview';
import type { ImportFormat } from '@/lib/catalog/read-file';
import type { Category } from '@/lib/catalog/read-json';
import type { AttributeLabels, Product } from '@/lib/catalog/catalog-schema';
import { readImport } from './read-import';
import { newId } from '@/lib/ids';

export type ImportMode = 'replace' | 'merge';

export type ImportPhase =
  | { kind: 'idle' }
  | { kind: 'reading'; rows: number; pct: number }
  | { kind: 'preview'; preview: ImportPreview; errors: RowError[] }
  | { kind: 'indexing'; rows: number }
  | { kind: 'done'; imported: number; skipped: number; errors: RowError[]; info: CatalogInfo }
  | { kind: 'failed'; message: string; errors: RowError[]; skipped: number };

/** What was read and staged, waiting for the researcher's Replace, Add or Cancel. */
interface Checked {
  importId: string;
  staged: number;
  skipped: number;
  errors: RowError[];
  categories: Category[] | undefined;
  attributes: AttributeLabels | undefined;
}

/**
 * A catalog import in two steps. *Check* reads the whole file (with progress), validates every row and stages the
 * valid products under the import's own catalog version, which nothing reads from; the preview says what the file
 * holds. Only *commit* (Replace or Add, the researcher's explicit choice) changes the catalog; *cancel* discards
 * the staged rows, and so does choosing another file or leaving the page.
 */
export function useCatalogImport(api: AdminApi, known: readonly Category[]) {
  const [phase, setPhase] = useState<ImportPhase>({ kind: 'idle' });
  const checked = useRef<Checked | null>(null);

  const discard = () => {
    const pending = checked.current;
    checked.current = null;
    if (pending) void api.discardImport(pending.importId).catch(() => undefined);
  };
  // Closing the tab at the preview leaves nothing staged behind (best effort: the port may already be gone).
  useEffect(() => {
    window.addEventListener('pagehide', discard);
    return () => window.removeEventListener('pagehide', discard);
  }, [api]);

  async function check(file: File, format: ImportFormat, mapping: ColumnMapping | null): Promise<void> {
    discard();
    const importId = newId();
    // Only where the page reads the file itself: one staging call in flight while the file reads on.
    let inFlight: Promise<unknown> = Promise.resolve();
    const stageOnPage = async (products: Product[]) => {
      await inFlight;
      inFlight = api.stageProducts(importId, products);
      inFlight.catch(() => undefined); // a failure is thrown by the next await of it
    };
    try {
      setPhase({ kind: 'reading', rows: 0, pct: 0 });
      const read = await readImport(file, { format, mapping, known }, importId, {
        stageOnPage,
        onProgress: (p) => setPhase({ kind: 'reading', ...p }),
      });
      await inFlight;
      const staged = read.accepted;
      if (staged === 0) {
        await api.discardImport(importId);
        setPhase({
          kind: 'failed',
          message: 'No valid products in the file; the catalog was not changed.',
          errors: read.errors,
          skipped: read.skipped,
        });
        return;
      }
      checked.current = {
        importId,
        staged,
        skipped: read.skipped,
        errors: read.errors,
        categories: read.categories,
        attributes: read.attributes,
      };
      setPhase({ kind: 'preview', preview: read.preview, errors: read.errors });
    } catch (e) {
      await api.discardImport(importId).catch(() => undefined);
      setPhase({ kind: 'failed', message: `Import failed, the catalog was not changed: ${msg(e)}`, errors: [], skipped: 0 });
    }
  }

  /** Writes the checked file to the catalog: the researcher chose Replace or Add. */
  async function commit(mode: ImportMode, name: string): Promise<CatalogInfo | null> {
    const pending = checked.current;
    if (!pending) return null;
    checked.current = null;
    setPhase({ kind: 'indexing', rows: pending.staged });
    try {
      const next = await api.commitImport(pending.importId, {
        mode,
        name,
        ...(pending.categories ? { categories: pending.categories } : {}),
        ...(pending.attributes ? { attributes: pending.attributes } : {}),
      });
      setPhase({ kind: 'done', imported: next.imported, skipped: pending.skipped, errors: pending.errors, info: next });
      return next;
    } catch (e) {
      await api.discardImport(pending.importId).catch(() => undefined);
      setPhase({
        kind: 'failed',
        message: `Import failed, the catalog was not changed: ${msg(e)}`,
        errors: pending.errors,
        skipped: pending.skipped,
      });
      return null;
    }
  }

  /** Nothing is written: the staged rows are dropped and the panel is back where it was before the check. */
  function reset(): void {
    discard();
    setPhase({ kind: 'idle' });
  }

  return { phase, setPhase, check, commit, reset };
}

export function msg(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
