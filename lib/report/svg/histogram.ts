import { escapeXml } from '../escape';
import { colourFor, emptyFigureSvg, figureSvg, FIGURE, frameFor, type FigureText } from './frame';

export interface HistogramBin {
  /** The bin's x axis label ("3", "10–14"). */
  label: string;
  /** Counts per series in the bin; a series with none may be left out. */
  counts: readonly { series: string; count: number }[];
}

/**
 * A histogram: one bar per bin, side by side with no gap (the bins are ranges of one axis, not categories), each
 * bar stacked by series so its height is the bin's whole count and the colours say which conditions fill it. The
 * y axis counts, so its ticks are whole numbers. Each segment's bin, series and count are in data attributes.
 */
export function histogramSvg(id: string, text: FigureText, bins: readonly HistogramBin[], seriesNames: readonly string[]): string {
  if (!bins.some((b) => b.counts.some((c) => c.count > 0))) return emptyFigureSvg(id, text);
  const totals = bins.map((b) => b.counts.reduce((n, c) => n + c.count, 0));
  const frame = frameFor(Math.max(...totals), { integer: true });
  const width = frame.plotWidth / bins.length;
  const base = FIGURE.top + frame.plotHeight;
  const body = bins
    .map((b, i) => {
      const x = FIGURE.left + i * width;
      let below = 0;
      const segments = [...b.counts]
        .filter((c) => c.count > 0)
        .sort((p, q) => seriesNames.indexOf(p.series) - seriesNames.indexOf(q.series))
        .map((c) => {
          const top = frame.y(below + c.count);
          const bottom = frame.y(below);
          below += c.count;
          return (
            `<rect x="${x}" y="${top}" width="${width}" height="${bottom - top}" fill="${colourFor(c.series, seriesNames)}" stroke="#fff" ` +
            `data-group="${escapeXml(b.label)}" data-series="${escapeXml(c.series)}" data-value="${c.count}" data-n="${c.count}">` +
            `<title>${escapeXml(b.label)} turns, ${escapeXml(c.series)}: ${c.count}</title></rect>`
          );
        })
        .join('');
      return `${segments}<text x="${x + width / 2}" y="${base + 18}" text-anchor="middle">${escapeXml(b.label)}</text>`;
    })
    .join('');
  const legend = seriesNames.map((s) => ({ label: s, colour: colourFor(s, seriesNames) }));
  return figureSvg(id, text, frame, '', legend, body);
}
