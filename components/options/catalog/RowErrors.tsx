import type { RowError } from '@/lib/catalog/import';

/** The rows a file had refused, by line (CSV, NDJSON) or position (JSON), with the first few shown in full. */
export function RowErrors({ errors, skipped, open }: { errors: readonly RowError[]; skipped: number; open: boolean }) {
  if (errors.length === 0) return null;
  return (
    <details open={open} data-testid="import-errors">
      <summary>
        {skipped.toLocaleString('en-US')} rows skipped
        {skipped > errors.length ? ` (first ${errors.length} shown)` : ''}
      </summary>
      <table>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e) => (
            <tr key={`${e.row}-${e.error}`}>
              <td>{e.row}</td>
              <td>{e.error}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
