import { describe, expect, it } from 'vitest';
import { binWidth, MAX_TURN_BINS, turnsHistogram } from '../../lib/analysis/turns-histogram';
import type { StudyConversation } from '../../lib/analysis/conversations';
import { studyReport } from '../../lib/analysis/study-report';
import { reportSections } from '../../lib/report/sections';
import { NO_DATA_TEXT } from '../../lib/report/svg/frame';
import { histogramSvg } from '../../lib/report/svg/histogram';

const conv = (condition: string, turnCount: number) => ({ condition, turnCount }) as StudyConversation;

describe('turns per conversation histogram', () => {
  it('counts conversations per length, not one bar per distinct length: equal bins, empty ones included', () => {
    const h = turnsHistogram([conv('A', 3), conv('A', 3), conv('A', 7), conv('B', 5)]);
    expect(h.bins.map((b) => b.label)).toEqual(['3', '4', '5', '6', '7']);
    expect(h.conditions).toEqual(['A', 'B']);
    expect(h.rows.filter((r) => r.condition === 'A').map((r) => r.conversations)).toEqual([2, 0, 0, 0, 1]);
    expect(h.rows.filter((r) => r.condition === 'B').map((r) => r.conversations)).toEqual([0, 0, 1, 0, 0]);
  });

  it('widens the bins (2, 5, 10…) for long ranges so there are at most MAX_TURN_BINS, every conversation in one', () => {
    expect([1, 20, 21, 40, 41, 100, 101, 400].map(binWidth)).toEqual([1, 1, 2, 2, 5, 5, 10, 20]);
    const lengths = Array.from({ length: 90 }, (_, i) => i + 3); // 3 … 92 turns
    const h = turnsHistogram(lengths.map((t) => conv('A', t)));
    expect(h.bins.length).toBeLessThanOrEqual(MAX_TURN_BINS);
    expect(h.bins[0]).toEqual({ from: 0, to: 4, label: '0–4' });
    expect(h.bins.at(-1)).toEqual({ from: 90, to: 94, label: '90–94' });
    expect(h.rows.reduce((n, r) => n + r.conversations, 0)).toBe(90);
    expect(h.rows[0]?.conversations).toBe(2); // 3 and 4
  });

  it('has no bins without conversations', () => {
    expect(turnsHistogram([])).toEqual({ bins: [], conditions: [], rows: [] });
  });
});

describe('report figures without data', () => {
  it('say "No data yet" instead of drawing blank axes, every figure of the report', () => {
    const figures = reportSections(studyReport([])).flatMap((s) => (s.figure ? [s.figure] : []));
    expect(figures.map((f) => f.file)).toEqual([
      'figure-3-seller-hover.svg',
      'buyer-hover.svg',
      'turns-by-category.svg',
      'turns-per-conversation.svg',
      'words-per-message.svg',
    ]);
    for (const f of figures) {
      expect(f.svg, f.file).toContain(`>${NO_DATA_TEXT}</text>`);
      expect(f.svg, f.file).toContain('data-empty="true"');
      expect(f.svg, f.file).not.toContain('<line');
    }
  });
});

describe('histogram figure', () => {
  it('stacks each bin by series, bins side by side, with whole-number ticks on the count axis', () => {
    const svg = histogramSvg(
      'h',
      { title: 'T', xLabel: 'x', yLabel: 'y' },
      [
        {
          label: '1',
          counts: [
            { series: 'B', count: 2 },
            { series: 'A', count: 1 },
          ],
        },
        { label: '2', counts: [{ series: 'A', count: 0 }] },
        { label: '3', counts: [{ series: 'A', count: 1 }] },
      ],
      ['A', 'B'],
    );
    const rects = [
      ...svg.matchAll(
        /<rect x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)"[^>]*data-group="([^"]*)" data-series="([^"]*)" data-value="(\d+)"/g,
      ),
    ];
    expect(rects.map((m) => [m[5], m[6], m[7]])).toEqual([
      ['1', 'A', '1'],
      ['1', 'B', '2'],
      ['3', 'A', '1'],
    ]);
    // A sits on the axis, B on top of it; the bins touch.
    const [a, b, c] = rects.map((m) => ({ x: Number(m[1]), y: Number(m[2]), w: Number(m[3]), h: Number(m[4]) }));
    expect(b!.y + b!.h).toBeCloseTo(a!.y);
    expect(c!.x).toBeCloseTo(a!.x + 2 * a!.w);
    const ticks = [...svg.matchAll(/<text x="\d+(?:\.\d+)?" y="[^"]+" text-anchor="end">([^<]+)<\/text>/g)].map((m) => m[1]);
    expect(ticks).toEqual(['0', '1', '2', '3']);
  });
});
