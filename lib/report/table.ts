import Papa from 'papaparse';

/** A cell of a report table: text or a number (written in full, to 6 decimals, in CSV; to 3 on the page). */
export type Cell = string | number;

export interface Column<Row> {
  header: string;
  value: (row: Row) => Cell;
}

/** A table as the CSV file and the HTML page both show it. */
export interface ReportTable {
  headers: string[];
  rows: Cell[][];
}

/** Decimals kept in the CSV files: enough for any rate, without binary noise such as 0.30000000000000004. */
const CSV_DECIMALS = 6;

export function tableOf<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): ReportTable {
  return { headers: columns.map((c) => c.header), rows: rows.map((r) => columns.map((c) => c.value(r))) };
}

const csvCell = (c: Cell): Cell => (typeof c === 'number' ? Math.round(c * 10 ** CSV_DECIMALS) / 10 ** CSV_DECIMALS : c);

/** RFC 4180 CSV with a header row (papaparse quotes what needs quoting), ending in a line break. */
export function tableCsv(table: ReportTable): string {
  return `${Papa.unparse({ fields: table.headers, data: table.rows.map((r) => r.map(csvCell)) }, { newline: '\n', escapeFormulae: true })}\n`;
}
