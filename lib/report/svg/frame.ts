import { nice, ticks } from 'd3-array';
import { escapeXml } from '../escape';

/**
 * What every figure of the report shares: its size, title, a y axis from zero with round ticks, axis labels and a
 * legend. Pure string building: the CLI writes the result to a file and the options page shows the same markup.
 */
export const FIGURE = { width: 640, height: 380, top: 48, right: 150, bottom: 56, left: 64 } as const;
const Y_TICKS = 5;

/** One colour per series name, the same in every figure (priming A is always blue). */
const COLOURS = ['#2457d6', '#d6245a', '#1d7a46', '#c77700', '#6b3fa0', '#0f8a8a', '#7a7a7a', '#8c564b'];
export function colourFor(name: string, names: readonly string[]): string {
  const i = names.indexOf(name);
  return COLOURS[(i < 0 ? 0 : i) % COLOURS.length] ?? '#555';
}

/** A number as the figures print it: at most 3 decimals, no trailing zeros. */
export const fmt = (n: number): string => String(Math.round(n * 1000) / 1000);

export interface Frame {
  plotWidth: number;
  plotHeight: number;
  /** The y value's position in the figure. */
  y(value: number): number;
  yMax: number;
  /** The y axis counts things: ticks only at whole numbers. */
  integer: boolean;
}

/** The y scale from 0 to `max` rounded up to a tick (at least 1, so an all-zero figure still has an axis). */
export function frameFor(max: number, { integer = false }: { integer?: boolean } = {}): Frame {
  const plotWidth = FIGURE.width - FIGURE.left - FIGURE.right;
  const plotHeight = FIGURE.height - FIGURE.top - FIGURE.bottom;
  const [, yMax] = nice(0, Math.max(1, max), Y_TICKS);
  return { plotWidth, plotHeight, yMax, integer, y: (v) => FIGURE.top + plotHeight - (v / yMax) * plotHeight };
}

export interface FigureText {
  title: string;
  xLabel: string;
  yLabel: string;
  /** A line under the title (what the bounds are, say). */
  note?: string;
}

/** What a figure with no data says instead of drawing empty axes. */
export const NO_DATA_TEXT = 'No data yet';

/**
 * A figure with nothing to draw: its title and a line saying so, where empty axes would read as a broken chart
 * (or as a measure of zero).
 */
export function emptyFigureSvg(id: string, text: FigureText): string {
  const { width, height } = FIGURE;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" `,
    `aria-labelledby="${id}-title" data-figure="${id}" data-empty="true" font-family="system-ui, sans-serif" font-size="12" fill="#222">`,
    `<title id="${id}-title">${escapeXml(text.title)}: ${NO_DATA_TEXT}</title>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${FIGURE.left}" y="20" font-size="15" font-weight="600">${escapeXml(text.title)}</text>`,
    `<text x="${width / 2}" y="${height / 2}" text-anchor="middle" font-size="16" fill="#666">${NO_DATA_TEXT}</text>`,
    `<text x="${width / 2}" y="${height / 2 + 22}" text-anchor="middle" fill="#666">No conversation in these events has what this figure counts.</text>`,
    '</svg>',
  ].join('');
}

/** The figure's outer markup around `body`: title, axes with the y ticks, labels and legend. */
export function figureSvg(
  id: string,
  text: FigureText,
  frame: Frame,
  xTicks: string,
  legend: readonly { label: string; colour: string }[],
  body: string,
): string {
  const { width, height, top, left, bottom } = FIGURE;
  const x0 = left;
  const x1 = left + frame.plotWidth;
  const yBase = top + frame.plotHeight;
  const yTicks = ticks(0, frame.yMax, Y_TICKS)
    .filter((t) => !frame.integer || Number.isInteger(t))
    .map(
      (t) =>
        `<line x1="${x0}" x2="${x1}" y1="${frame.y(t)}" y2="${frame.y(t)}" stroke="#e3e6ee"/>` +
        `<text x="${x0 - 6}" y="${frame.y(t) + 4}" text-anchor="end">${fmt(t)}</text>`,
    )
    .join('');
  const legendItems = legend
    .map(
      (l, i) =>
        `<rect x="${x1 + 16}" y="${top + i * 20}" width="12" height="12" fill="${l.colour}"/>` +
        `<text x="${x1 + 34}" y="${top + i * 20 + 10}">${escapeXml(l.label)}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" `,
    `aria-labelledby="${id}-title" data-figure="${id}" font-family="system-ui, sans-serif" font-size="12" fill="#222">`,
    `<title id="${id}-title">${escapeXml(text.title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${left}" y="20" font-size="15" font-weight="600">${escapeXml(text.title)}</text>`,
    text.note ? `<text x="${left}" y="36" fill="#666">${escapeXml(text.note)}</text>` : '',
    yTicks,
    `<line x1="${x0}" x2="${x1}" y1="${yBase}" y2="${yBase}" stroke="#222"/>`,
    `<line x1="${x0}" x2="${x0}" y1="${top}" y2="${yBase}" stroke="#222"/>`,
    xTicks,
    `<text x="${(x0 + x1) / 2}" y="${height - bottom + 44}" text-anchor="middle">${escapeXml(text.xLabel)}</text>`,
    `<text transform="translate(16 ${top + frame.plotHeight / 2}) rotate(-90)" text-anchor="middle">${escapeXml(text.yLabel)}</text>`,
    legendItems,
    body,
    '</svg>',
  ].join('');
}
