import { useState } from 'preact/hooks';
import type { FwEvent } from '@/lib/events/event-schema';
import { EXPORT_FILES, EXPORT_FORMATS } from '@/lib/export/formats';
import { streamExport, type ExportChoice, type ExportPhase } from '@/lib/export/stream';
import { download } from './download';

export interface ExportPanelProps {
  readPage(afterId: string | null): Promise<FwEvent[]>;
  total: number;
}

const PHASE_LABEL: Record<ExportPhase, string> = { reading: 'Reading', writing: 'Writing conversations', compressing: 'Compressing' };

/**
 * Downloads what is stored in any of the server's formats, or all of them in a ZIP with a README. The export is
 * streamed from storage a page at a time (see lib/export/stream), with the progress shown as it goes.
 */
export function ExportPanel({ readPage, total }: ExportPanelProps) {
  const [format, setFormat] = useState<ExportChoice>('jsonl');
  const [state, setState] = useState<{ busy: boolean; done: number; phase: ExportPhase; message: string | null }>({
    busy: false,
    done: 0,
    phase: 'reading',
    message: null,
  });

  async function run() {
    setState({ busy: true, done: 0, phase: 'reading', message: null });
    try {
      const out = await streamExport(format, readPage, ({ phase, done }) => setState((s) => ({ ...s, phase, done })));
      download(out.parts, out.type, out.fileName);
      setState({ busy: false, done: out.events, phase: 'reading', message: `Exported ${out.events} event${out.events === 1 ? '' : 's'}.` });
    } catch (e) {
      setState({
        busy: false,
        done: 0,
        phase: 'reading',
        message: `Export failed: ${e instanceof Error ? e.message : String(e)}. Nothing was downloaded; try again.`,
      });
    }
  }

  const of = Math.max(total, state.done);
  return (
    <section aria-labelledby="export-h">
      <h2 id="export-h">Export</h2>
      <p class="muted">Everything stored in this browser, in the same formats as the study server.</p>
      <div class="form-row">
        <select
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as ExportChoice)}
          data-testid="export-format"
          aria-label="Export format"
        >
          {EXPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {EXPORT_FILES[f].label}
            </option>
          ))}
          <option value="zip">All formats (ZIP with README)</option>
        </select>
        <button type="button" data-testid="export-jsonl" disabled={state.busy || total === 0} onClick={() => void run()}>
          {state.busy ? `${PHASE_LABEL[state.phase]}…` : 'Export'}
        </button>
      </div>
      {state.busy && (
        <p class="export-progress" data-testid="export-progress">
          <progress max={Math.max(of, 1)} value={state.done} aria-label="Export progress" />
          <span>
            {PHASE_LABEL[state.phase]}: {state.done.toLocaleString()} of {of.toLocaleString()} events
          </span>
        </p>
      )}
      {state.message && (
        <p role="status" data-testid="export-status">
          {state.message}
        </p>
      )}
    </section>
  );
}
