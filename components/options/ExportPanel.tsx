import { useState } from 'preact/hooks';
import { strToU8, zipSync } from 'fflate';
import type { FwEvent } from '@/lib/events/schema';
import { EXPORT_FILES, EXPORT_FORMATS, renderExport, type ExportFormat } from '@/lib/export/formats';
import { exportReadme } from '@/lib/export/readme';

export interface ExportPanelProps {
  readPage(afterId: string | null): Promise<FwEvent[]>;
  total: number;
}

type Choice = ExportFormat | 'zip';

function download(parts: BlobPart[], type: string, name: string) {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads what is stored in any of the server's formats, or all of them in a ZIP with a README. */
export function ExportPanel({ readPage, total }: ExportPanelProps) {
  const [format, setFormat] = useState<Choice>('jsonl');
  const [state, setState] = useState<{ busy: boolean; done: number; phase: string; message: string | null }>({ busy: false, done: 0, phase: '', message: null });

  async function run() {
    setState({ busy: true, done: 0, phase: 'Reading', message: null });
    try {
      const events: FwEvent[] = [];
      let after: string | null = null;
      for (;;) {
        const page = await readPage(after);
        const last = page.at(-1);
        if (!last) break;
        events.push(...page);
        after = last.id;
        setState((s) => ({ ...s, done: events.length }));
      }
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      setState((s) => ({ ...s, phase: 'Writing' }));
      await new Promise((r) => setTimeout(r, 0));
      if (format === 'zip') {
        const files: Record<string, Uint8Array> = {};
        for (const f of EXPORT_FORMATS) files[EXPORT_FILES[f].name] = strToU8(renderExport(f, events));
        const first = events[0];
        files['README.md'] = strToU8(exportReadme({ exportedAt: new Date().toISOString(), events: events.length, study: first?.study ?? '—', participant: first?.participant ?? '—' }));
        setState((s) => ({ ...s, phase: 'Compressing' }));
        await new Promise((r) => setTimeout(r, 0));
        download([zipSync(files, { level: 6 }) as Uint8Array<ArrayBuffer>], 'application/zip', `floorwalker-${stamp}.zip`);
      } else {
        const file = EXPORT_FILES[format];
        download([renderExport(format, events)], file.type, `floorwalker-${stamp}-${file.name}`);
      }
      setState({ busy: false, done: events.length, phase: '', message: `Exported ${events.length} event${events.length === 1 ? '' : 's'}.` });
    } catch (e) {
      setState({ busy: false, done: 0, phase: '', message: `Export failed: ${e instanceof Error ? e.message : String(e)}` });
    }
  }

  return (
    <section aria-labelledby="export-h">
      <h2 id="export-h">Export</h2>
      <p class="muted">Everything stored in this browser, in the same formats as the study server.</p>
      <div class="form-row">
        <select value={format} onChange={(e) => setFormat(e.currentTarget.value as Choice)} data-testid="export-format" aria-label="Export format">
          {EXPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {EXPORT_FILES[f].label}
            </option>
          ))}
          <option value="zip">All formats (ZIP with README)</option>
        </select>
        <button type="button" data-testid="export-jsonl" disabled={state.busy || total === 0} onClick={() => void run()}>
          {state.busy ? `${state.phase}…` : 'Export'}
        </button>
      </div>
      {state.busy && (
        <progress max={Math.max(total, 1)} value={state.done} aria-label="Export progress">
          {state.done}
        </progress>
      )}
      {state.message && (
        <p role="status" data-testid="export-status">
          {state.message}
        </p>
      )}
    </section>
  );
}
