import { escapeXml } from '../escape';
import { colourFor, emptyFigureSvg, figureSvg, fmt, FIGURE, frameFor, type FigureText } from './frame';

export interface BarGroup {
  /** The x axis label of the group (a category). */
  label: string;
  /** One bar per series present in the group. */
  bars: readonly { series: string; value: number; n: number }[];
}

/** Grouped bars: a group per x label, a bar per series, each bar's value and n in data attributes. */
export function barChartSvg(id: string, text: FigureText, groups: readonly BarGroup[], seriesNames: readonly string[]): string {
  if (!groups.some((g) => g.bars.length > 0)) return emptyFigureSvg(id, text);
  const frame = frameFor(Math.max(0, ...groups.flatMap((g) => g.bars.map((b) => b.value))));
  const groupWidth = frame.plotWidth / Math.max(1, groups.length);
  const barWidth = (groupWidth * 0.8) / Math.max(1, seriesNames.length);
  const base = FIGURE.top + frame.plotHeight;
  const body = groups
    .map((g, gi) => {
      const left = FIGURE.left + gi * groupWidth + groupWidth * 0.1;
      const bars = g.bars
        .map((b) => {
          const bx = left + Math.max(0, seriesNames.indexOf(b.series)) * barWidth;
          const top = frame.y(b.value);
          return (
            `<rect x="${bx}" y="${top}" width="${barWidth}" height="${base - top}" fill="${colourFor(b.series, seriesNames)}" ` +
            `data-group="${escapeXml(g.label)}" data-series="${escapeXml(b.series)}" data-value="${b.value}" data-n="${b.n}">` +
            `<title>${escapeXml(g.label)}, ${escapeXml(b.series)}: ${fmt(b.value)} (n = ${b.n})</title></rect>`
          );
        })
        .join('');
      const labelX = FIGURE.left + gi * groupWidth + groupWidth / 2;
      return `${bars}<text x="${labelX}" y="${base + 18}" text-anchor="middle">${escapeXml(g.label)}</text>`;
    })
    .join('');
  const legend = seriesNames.map((s) => ({ label: s, colour: colourFor(s, seriesNames) }));
  return figureSvg(id, text, frame, '', legend, body);
}
