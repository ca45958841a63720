import type { ComponentChildren, HTMLAttributes, TdHTMLAttributes } from 'preact';

/** One column: its heading, what a row shows in it, and the cell's own attributes (a class, a title). */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ComponentChildren;
  cellProps?: (row: Row) => TdHTMLAttributes<HTMLTableCellElement>;
}

export interface DataTableProps<Row> {
  testId: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  /** Attributes of a row (data attributes the tests read, a selected class, a click handler). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string };
}

/** The options page's tables (stored events, conversations): one markup for headings, rows and cells. */
export function DataTable<Row>({ testId, rows, columns, rowKey, rowProps }: DataTableProps<Row>) {
  return (
    <table data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((c) => (
              <td key={c.header} {...c.cellProps?.(row)}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
