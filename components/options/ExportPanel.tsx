import { useState } from 'preact/hooks';
import type { FwEvent } from '@/lib/events/schema';
import { collectJsonl } from '@/lib/export/jsonl';

export interface ExportPanelProps {
  readPage(afterId: string | null): Promise<FwEvent[]>;
  total: number;
}

/** Downloads every stored event as JSON Lines, showing progress while it reads. */
export function ExportPanel({ readPage, total }: ExportPanelProps) {
  const [state, setState] = useState<{ busy: boolean; done: number; message: string | null }>({ busy: false, done: 0, message: null });

  async function exportJsonl() {
    setState({ busy: true, done: 0, message: null });
    try {
      const { parts, count } = await collectJsonl(readPage, (done) => setState((s) => ({ ...s, done })));
      const blob = new Blob(parts, { type: 'application/x-ndjson' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `floorwalker-events-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState({ busy: false, done: count, message: `Exported ${count} event${count === 1 ? '' : 's'}.` });
    } catch (e) {
      setState({ busy: false, done: 0, message: `Export failed: ${e instanceof Error ? e.message : String(e)}` });
    }
  }

  return (
    <section aria-labelledby="export-h">
      <h2 id="export-h">Export</h2>
      <p class="muted">Every stored event, one JSON object per line, in the order they happened.</p>
      <button type="button" data-testid="export-jsonl" disabled={state.busy || total === 0} onClick={() => void exportJsonl()}>
        {state.busy ? 'Exporting…' : 'Export JSONL'}
      </button>
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
