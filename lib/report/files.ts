import type { StudyReport } from '../analysis/study-report';
import { REPORT_PAGE, reportHtml, type ReportPageInfo } from './html';
import { reportSections } from './sections';
import { tableCsv } from './table';

export interface ReportFile {
  name: string;
  text: string;
}

/** The report as files: a CSV per table, an SVG per figure, and the HTML page that shows them all (last). */
export function reportFiles(report: StudyReport, info: Omit<ReportPageInfo, 'events' | 'conversations'>): ReportFile[] {
  const sections = reportSections(report);
  return [
    ...sections.flatMap((s) => [
      { name: s.csvFile, text: tableCsv(s.table) },
      ...(s.figure ? [{ name: s.figure.file, text: s.figure.svg }] : []),
    ]),
    { name: REPORT_PAGE, text: reportHtml(sections, { ...info, events: report.events, conversations: report.conversations }) },
  ];
}
