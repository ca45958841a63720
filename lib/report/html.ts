import { escapeXml } from './escape';
import type { ReportSection } from './sections';
import { fmt } from './svg/frame';
import type { Cell, ReportTable } from './table';

export interface ReportPageInfo {
  /** Where the events came from (the export's file name, a study id). */
  source: string;
  events: number;
  conversations: number;
  /** Lines of the export that were not valid events and were left out. */
  invalid: number;
}

/** The report's file for the page itself. */
export const REPORT_PAGE = 'index.html';

const cell = (c: Cell) => escapeXml(typeof c === 'number' ? fmt(c) : c);

export function tableHtml(table: ReportTable): string {
  const head = table.headers.map((h) => `<th scope="col">${escapeXml(h)}</th>`).join('');
  const body = table.rows.map((r) => `<tr>${r.map((c) => `<td>${cell(c)}</td>`).join('')}</tr>`).join('\n');
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;color:#222;max-width:1000px;margin:24px auto;padding:0 16px}
table{border-collapse:collapse;margin:8px 0;font-size:13px}th,td{border:1px solid #d8dbe4;padding:3px 8px;text-align:left}
td{font-variant-numeric:tabular-nums}th{background:#f1f3f8}img{max-width:100%;height:auto;border:1px solid #e3e6ee}
.source{color:#555;font-style:italic}section{margin-top:28px}`;

/** One page with every figure (as the SVG files beside it) and every table, each under its definition and source. */
export function reportHtml(sections: readonly ReportSection[], info: ReportPageInfo): string {
  const invalid = info.invalid
    ? `; ${info.invalid} line${info.invalid === 1 ? ' was not a valid event and was' : 's were not valid events and were'} left out`
    : '';
  const parts = sections.map((s) =>
    [
      `<section id="${escapeXml(s.id)}">`,
      `<h2>${escapeXml(s.title)}</h2>`,
      `<p>${escapeXml(s.definition)}</p>`,
      `<p class="source">Source: ${escapeXml(s.source)}</p>`,
      s.figure ? `<figure><img src="${escapeXml(s.figure.file)}" alt="${escapeXml(s.title)}"></figure>` : '',
      s.table.rows.length ? tableHtml(s.table) : '<p>No data for this measure.</p>',
      `<p>Table: <a href="${escapeXml(s.csvFile)}">${escapeXml(s.csvFile)}</a>${s.figure ? `; figure: <a href="${escapeXml(s.figure.file)}">${escapeXml(s.figure.file)}</a>` : ''}</p>`,
      '</section>',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Floorwalker study report: ${escapeXml(info.source)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Study report</h1>
<p>${escapeXml(info.source)}: ${info.events} events, ${info.conversations} conversation${info.conversations === 1 ? '' : 's'}${escapeXml(invalid)}.</p>
<nav><ul>
${sections.map((s) => `<li><a href="#${escapeXml(s.id)}">${escapeXml(s.title)}</a></li>`).join('\n')}
</ul></nav>
${parts.join('\n')}
</body>
</html>
`;
}
