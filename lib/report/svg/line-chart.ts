import { escapeXml } from '../escape';
import { colourFor, emptyFigureSvg, figureSvg, fmt, FIGURE, frameFor, type FigureText } from './frame';

/** A point with its bounds; the figure draws the bounds as a band around the line. */
export interface BandPoint {
  x: number;
  y: number;
  low: number;
  high: number;
  /** How many observations the point stands on (shown on hover, kept in the markup). */
  n: number;
}

export interface LineSeries {
  name: string;
  label: string;
  points: readonly BandPoint[];
}

/**
 * Lines with confidence bands over whole-number x (turns): one colour per series, a point per x with its value,
 * bounds and n in data attributes (the report's tests read them back), a band from low to high.
 */
export function lineChartSvg(id: string, text: FigureText, series: readonly LineSeries[], seriesNames: readonly string[]): string {
  const all = series.flatMap((s) => s.points);
  if (all.length === 0) return emptyFigureSvg(id, text);
  const frame = frameFor(Math.max(0, ...all.map((p) => p.high)));
  const xMax = Math.max(1, ...all.map((p) => p.x));
  // Turn 1 sits at the left edge of the plot, the last turn at the right; a single turn stands in the middle.
  const x = (v: number) => FIGURE.left + (xMax === 1 ? frame.plotWidth / 2 : ((v - 1) / (xMax - 1)) * frame.plotWidth);
  const step = Math.max(1, Math.ceil(xMax / 12));
  const xTicks = Array.from({ length: xMax }, (_, i) => i + 1)
    .filter((t) => (t - 1) % step === 0 || t === xMax)
    .map((t) => `<text x="${x(t)}" y="${FIGURE.top + frame.plotHeight + 18}" text-anchor="middle">${t}</text>`)
    .join('');
  const body = series
    .map((s) => {
      const colour = colourFor(s.name, seriesNames);
      const pts = [...s.points].sort((a, b) => a.x - b.x);
      const band = [...pts.map((p) => `${x(p.x)},${frame.y(p.high)}`), ...[...pts].reverse().map((p) => `${x(p.x)},${frame.y(p.low)}`)];
      const dots = pts
        .map(
          (p) =>
            `<circle cx="${x(p.x)}" cy="${frame.y(p.y)}" r="3.5" fill="${colour}" data-series="${escapeXml(s.name)}" data-x="${p.x}" ` +
            `data-y="${p.y}" data-low="${p.low}" data-high="${p.high}" data-n="${p.n}">` +
            `<title>${escapeXml(s.label)}, ${p.x}: ${fmt(p.y)} [${fmt(p.low)}, ${fmt(p.high)}], n = ${p.n}</title></circle>`,
        )
        .join('');
      return (
        `<g class="series" data-series="${escapeXml(s.name)}">` +
        (pts.length ? `<polygon points="${band.join(' ')}" fill="${colour}" fill-opacity="0.15" stroke="none"/>` : '') +
        `<polyline points="${pts.map((p) => `${x(p.x)},${frame.y(p.y)}`).join(' ')}" fill="none" stroke="${colour}" stroke-width="2"/>` +
        dots +
        '</g>'
      );
    })
    .join('');
  const legend = series.map((s) => ({ label: s.label, colour: colourFor(s.name, seriesNames) }));
  return figureSvg(id, text, frame, xTicks, legend, body);
}
