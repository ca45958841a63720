import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESULTS_DIR } from '../../bench/lib/report';
import { DOC_PATH, END, readResults, START, targetsTable, withTable } from '../../bench/lib/targets-table';

describe('docs/benchmarks.md targets table', () => {
  it('is the table the committed results files give', () => {
    const doc = readFileSync(DOC_PATH, 'utf8');
    expect(doc).toBe(withTable(doc, targetsTable(readResults(RESULTS_DIR))));
  });

  it('lists a missed target by name even in an area shown as a count, and says no', () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ metric: `m${i}`, value: i, unit: 'ms', target: '≤ 10', ok: i <= 10 }));
    const table = targetsTable([{ area: 'x', measuredAt: '2026-01-02T00:00:00Z', rows }]);
    expect(table).toContain('| `x` (2026-01-02) | 20 targets');
    expect(table).toContain('| 11 met | all | **no** |');
    expect(table).toContain('| `x` (2026-01-02) | m19 | 19 ms | ≤ 10 | **no** |');
    expect(table).not.toContain('| m3 |');
  });

  it('leaves out rows whose target is only reported, and escapes pipes', () => {
    const table = targetsTable([
      {
        area: 'y',
        measuredAt: '2026-01-02T00:00:00Z',
        rows: [
          { metric: 'a | b', value: 1, unit: '', target: '≥ 1', ok: true },
          { metric: 'reported', value: 2, unit: 'x', target: 'per category: reported' },
        ],
      },
    ]);
    expect(table.split('\n')).toHaveLength(3);
    expect(table).toContain('a \\| b');
  });

  it('refuses a doc without the block', () => {
    expect(() => withTable('# nothing', '')).toThrow(/no .* block/);
    expect(withTable(`a\n${START}\nold\n${END}\nb`, 'new')).toBe(`a\n${START}\nnew\n${END}\nb`);
  });
});
