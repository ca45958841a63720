import { useMemo } from 'preact/hooks';
import { strToU8, zipSync } from 'fflate';
import type { FwEvent } from '@/lib/events/event-schema';
import { studyReport } from '@/lib/analysis/study-report';
import { reportFiles } from '@/lib/report/files';
import { reportSections } from '@/lib/report/sections';
import { fmt } from '@/lib/report/svg/frame';
import type { ReportTable } from '@/lib/report/table';
import { download } from './download';
import { SvgFigure } from './SvgFigure';
import './report.css';

function Table({ table, testId }: { table: ReportTable; testId: string }) {
  if (!table.rows.length) return <p class="muted">No data for this measure.</p>;
  return (
    <table data-testid={testId}>
      <thead>
        <tr>
          {table.headers.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) => (
              <td key={j}>{typeof c === 'number' ? fmt(c) : c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The study report (lib/analysis, lib/report) of the events shown: the figures as the CLI writes them, each
 * measure's table under its definition and source, and the whole report (CSV, SVG, HTML) as a ZIP to download,
 * the same files `npm run study -- report` writes.
 */
export function ReportView({ events, source, invalid }: { events: readonly FwEvent[]; source: string; invalid: number }) {
  const report = useMemo(() => studyReport(events), [events]);
  const sections = useMemo(() => reportSections(report), [report]);

  function downloadAll() {
    const files = reportFiles(report, { source, invalid });
    const zip = zipSync(Object.fromEntries(files.map((f) => [f.name, strToU8(f.text)])));
    download([zip], 'application/zip', `floorwalker-report-${source.replace(/[^\w.-]+/g, '_')}.zip`);
  }

  return (
    <div data-testid="study-report">
      <h3>Study report</h3>
      <p class="muted">
        The paper’s measures, computed from these events: the same tables and figures as <code>npm run study -- report</code>.{' '}
        <button type="button" data-testid="report-download" onClick={downloadAll}>
          Download report (ZIP)
        </button>
      </p>
      <div class="report-figures">
        {sections.flatMap((s) =>
          s.figure ? (
            // The SVG is the report's own markup, every piece of data in it escaped (lib/report/escape).
            <SvgFigure key={s.id} class="report-figure" testId={`report-figure-${s.id}`} svg={s.figure.svg} />
          ) : (
            []
          ),
        )}
      </div>
      {sections.map((s) => (
        <details key={s.id} class="report-section" data-testid={`section-${s.id}`}>
          <summary>{s.title}</summary>
          <p>{s.definition}</p>
          <p class="muted source">Source: {s.source}</p>
          <Table table={s.table} testId={`table-${s.id}`} />
        </details>
      ))}
    </div>
  );
}
