import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { studyReport } from '../../lib/analysis/study-report';
import { reportFiles } from '../../lib/report/files';
import { REPORT_PAGE } from '../../lib/report/html';
import { readExport } from '../../lib/report/read-export';

/**
 * `report`: the study report from an export's bytes, written to `out` (a CSV per table, an SVG per figure, the
 * HTML page). All the work is in lib/analysis and lib/report; this reads and writes files.
 */
export async function writeReport(bytes: Uint8Array, source: string, out: string, seed: number): Promise<string> {
  const { events, invalid } = readExport(bytes);
  const report = studyReport(events, seed);
  const files = reportFiles(report, { source, invalid });
  await mkdir(out, { recursive: true });
  await Promise.all(files.map((f) => writeFile(join(out, f.name), f.text)));
  const skipped = invalid ? `, ${invalid} invalid line${invalid === 1 ? '' : 's'} left out` : '';
  return `${source}: ${report.events} events, ${report.conversations} conversation${report.conversations === 1 ? '' : 's'}${skipped}. Wrote ${files.length} files to ${out}; open ${join(out, REPORT_PAGE)}`;
}

/** The export file's bytes, or null when there is no such file (the argument is then a study id). */
export async function readExportFile(path: string): Promise<{ bytes: Uint8Array; source: string } | null> {
  try {
    return { bytes: await readFile(path), source: basename(path) };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}
