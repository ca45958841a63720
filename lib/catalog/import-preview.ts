import type { Product } from './catalog-schema';

/**
 * What a file will import, before anything is written to the catalog: its first products as they will be stored,
 * how many fall in each category, the rows refused and why, and warnings when the file does not look like a
 * catalog. A web-server log with its columns mapped to product fields passes row validation (a path is a
 * category, a byte count a price) and imported 32,989 junk products; its shape gives it away, so the researcher
 * is told before choosing Replace or Add.
 */

/** Products shown as they will be imported. */
export const PREVIEW_PRODUCTS = 5;
/** Below this many products, shape warnings (categories per row, repeated titles) would be noise. */
export const MIN_PRODUCTS_FOR_SHAPE_WARNINGS = 20;
/** Warn when at least this share of the rows is refused. */
export const REFUSED_SHARE_WARNING = 0.5;
/** Warn when there are more categories than this share of the products (about one category per product). */
export const CATEGORIES_PER_PRODUCT_WARNING = 0.5;
/** More categories than this are more chips than a Seller can use, whatever the catalog's size. */
export const MAX_PLAUSIBLE_CATEGORIES = 100;
/** Warn when distinct titles are fewer than this share of the products. */
export const DISTINCT_TITLES_WARNING = 0.1;
/** Warn when at least this share of titles are numbers, paths or URLs rather than names. */
export const NON_NAME_TITLES_WARNING = 0.5;
/** Warn when at least this share of prices is zero. */
export const ZERO_PRICES_WARNING = 0.5;

/** How the collector words a repeated id (kept apart from an invalid id in the reasons). */
export const DUPLICATE_ID_NOTE = 'appears more than once in this file';

/** A title with no word in it (numbers and punctuation), or a path or URL, names no product. */
const NON_NAME_TITLE = /^(?:[^\p{L}]*|https?:\/\/\S*|\/\S*)$/u;

export interface RowError {
  row: number;
  error: string;
}

export type ImportWarningCode =
  'most-refused' | 'category-per-product' | 'too-many-categories' | 'repeated-titles' | 'titles-not-names' | 'zero-prices';

export interface ImportWarning {
  code: ImportWarningCode;
  message: string;
}

export interface ImportPreview {
  /** Rows read (products accepted plus rows refused). */
  rows: number;
  accepted: number;
  sample: Product[];
  /** Every category of the accepted products, largest first. */
  categories: { id: string; label: string; count: number }[];
  refused: { count: number; reasons: { reason: string; count: number }[]; first: RowError[] };
  warnings: ImportWarning[];
}

/** Counts what a file's rows hold as they are read, in constant memory per product (a title each). */
export class ImportSummary {
  accepted = 0;
  refused = 0;
  readonly sample: Product[] = [];
  private readonly categories = new Map<string, number>();
  private readonly titles = new Set<string>();
  private readonly reasons = new Map<string, number>();
  private nonNameTitles = 0;
  private zeroPrices = 0;

  accept(product: Product): void {
    this.accepted++;
    if (this.sample.length < PREVIEW_PRODUCTS) this.sample.push(product);
    this.categories.set(product.category, (this.categories.get(product.category) ?? 0) + 1);
    this.titles.add(product.title.toLowerCase());
    if (NON_NAME_TITLE.test(product.title)) this.nonNameTitles++;
    if (product.price === 0) this.zeroPrices++;
  }

  refuse(error: string): void {
    this.refused++;
    const reason = reasonOf(error);
    this.reasons.set(reason, (this.reasons.get(reason) ?? 0) + 1);
  }

  /** The preview, category labels taken from `known` (the file's or the active catalog's) where they have one. */
  preview(firstErrors: readonly RowError[], known: readonly { id: string; label: string }[] = []): ImportPreview {
    const labels = new Map(known.map((c) => [c.id, c.label]));
    const categories = [...this.categories]
      .map(([id, count]) => ({ id, label: labels.get(id) ?? labelOf(id), count }))
      .sort((a, b) => b.count - a.count || a.id.localeCompare(b.id));
    const reasons = [...this.reasons]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
    return {
      rows: this.accepted + this.refused,
      accepted: this.accepted,
      sample: [...this.sample],
      categories,
      refused: { count: this.refused, reasons, first: [...firstErrors] },
      warnings: this.warnings(categories.length, reasons[0]?.reason),
    };
  }

  private warnings(categoryCount: number, topReason: string | undefined): ImportWarning[] {
    const out: ImportWarning[] = [];
    const rows = this.accepted + this.refused;
    const n = this.accepted;
    const pct = (x: number, of: number) => `${Math.round((x / of) * 100)} %`;
    if (rows > 0 && this.refused / rows >= REFUSED_SHARE_WARNING)
      out.push({
        code: 'most-refused',
        message: `${pct(this.refused, rows)} of the rows were refused (most often for “${topReason ?? '?'}”): check the file and the column mapping.`,
      });
    if (n >= MIN_PRODUCTS_FOR_SHAPE_WARNINGS && categoryCount / n > CATEGORIES_PER_PRODUCT_WARNING)
      out.push({
        code: 'category-per-product',
        message: `Nearly every product has its own category (${fmtN(categoryCount)} categories for ${fmtN(n)} products): is the category column right?`,
      });
    else if (categoryCount > MAX_PLAUSIBLE_CATEGORIES)
      out.push({
        code: 'too-many-categories',
        message: `${fmtN(categoryCount)} categories: more than a Seller can choose from (a catalog usually has a few to a few dozen).`,
      });
    if (n >= MIN_PRODUCTS_FOR_SHAPE_WARNINGS && this.titles.size / n < DISTINCT_TITLES_WARNING)
      out.push({
        code: 'repeated-titles',
        message: `Only ${fmtN(this.titles.size)} different titles for ${fmtN(n)} products: is the title column right?`,
      });
    if (n > 0 && this.nonNameTitles / n >= NON_NAME_TITLES_WARNING)
      out.push({
        code: 'titles-not-names',
        message: `${pct(this.nonNameTitles, n)} of the titles are numbers, paths or URLs rather than product names.`,
      });
    if (n > 0 && this.zeroPrices / n >= ZERO_PRICES_WARNING)
      out.push({ code: 'zero-prices', message: `${pct(this.zeroPrices, n)} of the prices are 0.` });
    return out;
  }
}

/** What a row error is about: the field it names ("price: …" → "price"), or the whole message when it names none. */
export function reasonOf(error: string): string {
  if (error.includes(DUPLICATE_ID_NOTE)) return 'duplicate id';
  const field = /^([\w. [\]-]{1,40}):/.exec(error)?.[1];
  return field ?? error;
}

/** "running_shoes" → "Running shoes". */
export function labelOf(id: string): string {
  return (id.charAt(0).toUpperCase() + id.slice(1)).replace(/_/g, ' ');
}

const fmtN = (n: number) => n.toLocaleString('en-US');
