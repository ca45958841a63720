import * as v from 'valibot';
import type { Catalog } from '../catalog/catalog-schema';
import type { AttributeColumn, Columns } from './columns';
import { categoryLabels, SearchEngine, SNAPSHOT_FORMAT, type EngineSnapshot } from './engine';

/**
 * The default catalog's search index, built when the extension is built and shipped beside the catalog, so the
 * first start after install (or after the database is cleared) loads an index instead of building one. Only the
 * default catalog can be prebuilt: a researcher's catalog exists only once it is imported.
 *
 * The file is the engine's snapshot as JSON, with a header naming the catalog version and snapshot format it
 * was made from; the background uses it only when both match, so a stale file is never used.
 */
export const PREBUILT_INDEX_PATH = 'catalog/default.search.json';
export const PREBUILT_KIND = 'floorwalker-prebuilt-search-index';
/** The file's own layout (how typed arrays are written), apart from the engine's snapshot format. */
export const PREBUILT_FILE_FORMAT = 1;

type TypedName = 'Float64Array' | 'Float32Array' | 'Uint32Array' | 'Uint16Array' | 'Uint8Array';
/**
 * A typed array in JSON: its type, length, and its values from the first non-zero one to the last (float32
 * values written to read back exactly). Most attribute columns are zero outside their own category, which is a
 * run of neighbouring products in the default catalog: trimming the zeros makes the file a fifth smaller.
 */
type TypedJson = [type: TypedName, length: number, start: number, values: number[]];

type EncodedColumns = Omit<EngineSnapshot['columns'], 'price' | 'rating' | 'ratingCount' | 'category' | 'brand' | 'attributes'> & {
  price: TypedJson;
  rating: TypedJson;
  ratingCount: TypedJson;
  category: TypedJson;
  brand: TypedJson;
  attributes: Record<string, { values: Columns['attributes'][string]['values']; column: TypedJson }>;
};

interface EncodedSnapshot {
  format: EngineSnapshot['format'];
  columns: EncodedColumns;
  categoryLabels: string[];
  vocabulary: { words: string; counts: TypedJson };
  index: EngineSnapshot['index'];
}

/** Only the header is checked: the body is this build's own output, read back by the same code. */
const HeaderSchema = v.object({
  kind: v.literal(PREBUILT_KIND),
  format: v.literal(PREBUILT_FILE_FORMAT),
  snapshotFormat: v.number(),
  catalogVersion: v.string(),
  count: v.number(),
  snapshot: v.record(v.string(), v.unknown()),
});

export interface PrebuiltExpectation {
  version: string;
  count: number;
}

/** The file's text for a catalog: deterministic, so the same catalog and engine always give the same bytes. */
export async function prebuiltIndexJson(catalog: Pick<Catalog, 'version' | 'categories' | 'products'>): Promise<string> {
  const snapshot = await SearchEngine.build(catalog.products, categoryLabels(catalog.categories)).snapshot();
  const file = {
    kind: PREBUILT_KIND,
    format: PREBUILT_FILE_FORMAT,
    snapshotFormat: SNAPSHOT_FORMAT,
    catalogVersion: catalog.version,
    count: catalog.products.length,
    snapshot: encodeSnapshot(snapshot),
  };
  return `${JSON.stringify(file)}\n`;
}

/**
 * The engine snapshot in a parsed prebuilt file, or why it cannot be used for the catalog expected: a file made
 * for another catalog version, snapshot format or product count is refused (the caller builds instead).
 */
export function readPrebuiltIndex(
  input: unknown,
  expected: PrebuiltExpectation,
): { ok: true; snapshot: EngineSnapshot } | { ok: false; reason: string } {
  const header = v.safeParse(HeaderSchema, input);
  if (!header.success) return { ok: false, reason: 'not a prebuilt search index of a known file format' };
  const h = header.output;
  if (h.snapshotFormat !== SNAPSHOT_FORMAT)
    return { ok: false, reason: `snapshot format ${h.snapshotFormat}, expected ${SNAPSHOT_FORMAT}` };
  if (h.catalogVersion !== expected.version)
    return { ok: false, reason: `made for catalog ${h.catalogVersion}, the active one is ${expected.version}` };
  if (h.count !== expected.count) return { ok: false, reason: `made for ${h.count} products, the catalog has ${expected.count}` };
  return { ok: true, snapshot: decodeSnapshot(h.snapshot as unknown as EncodedSnapshot) };
}

function encodeSnapshot(s: EngineSnapshot): EncodedSnapshot {
  const c = s.columns;
  return {
    format: s.format,
    columns: {
      ...c,
      price: typedJson(c.price),
      rating: typedJson(c.rating),
      ratingCount: typedJson(c.ratingCount),
      category: typedJson(c.category),
      brand: typedJson(c.brand),
      attributes: Object.fromEntries(Object.entries(c.attributes).map(([k, a]) => [k, { values: a.values, column: typedJson(a.column) }])),
    },
    categoryLabels: s.categoryLabels,
    vocabulary: { words: s.vocabulary.words, counts: typedJson(s.vocabulary.counts) },
    index: s.index,
  };
}

function decodeSnapshot(e: EncodedSnapshot): EngineSnapshot {
  const c = e.columns;
  return {
    format: e.format,
    columns: {
      ...c,
      price: typed(c.price, 'Float64Array'),
      rating: typed(c.rating, 'Float32Array'),
      ratingCount: typed(c.ratingCount, 'Uint32Array'),
      category: typed(c.category, 'Uint16Array'),
      brand: typed(c.brand, 'Uint32Array'),
      attributes: Object.fromEntries(
        Object.entries(c.attributes).map(([k, a]) => [k, { values: a.values, column: attributeColumn(a.column) }]),
      ),
    },
    categoryLabels: e.categoryLabels,
    vocabulary: { words: e.vocabulary.words, counts: typed(e.vocabulary.counts, 'Uint32Array') },
    index: e.index,
  };
}

type TypedArray = Float64Array | Float32Array | Uint32Array | Uint16Array | Uint8Array;
interface TypedOf {
  Float64Array: Float64Array;
  Float32Array: Float32Array;
  Uint32Array: Uint32Array;
  Uint16Array: Uint16Array;
  Uint8Array: Uint8Array;
}
const CONSTRUCTORS = { Float64Array, Float32Array, Uint32Array, Uint16Array, Uint8Array } as const;

function typedJson(a: TypedArray): TypedJson {
  const name = a.constructor.name as TypedName;
  let start = 0;
  let end = a.length;
  while (start < end && a[start] === 0) start++;
  while (end > start && a[end - 1] === 0) end--;
  const values = Array.from(a.subarray(start, end));
  // A float32 read as a double prints 17 digits ("4.699999809265137"); the shortest text that reads back to the
  // same float32 keeps the file small and exact.
  return [name, a.length, start, a instanceof Float32Array ? values.map(shortestFloat32) : values];
}

function typed<K extends TypedName>(json: TypedJson, want: K): TypedOf[K] {
  if (json[0] !== want) throw new Error(`prebuilt search index: expected ${want}, found ${json[0]}`);
  return fill(new CONSTRUCTORS[want](json[1]) as TypedOf[K], json);
}

function attributeColumn(json: TypedJson): AttributeColumn {
  const name = json[0];
  if (name === 'Uint8Array' || name === 'Uint16Array' || name === 'Uint32Array') return fill(new CONSTRUCTORS[name](json[1]), json);
  throw new Error(`prebuilt search index: an attribute column cannot be a ${name}`);
}

function fill<T extends TypedArray>(array: T, [, , start, values]: TypedJson): T {
  array.set(values, start);
  return array;
}

function shortestFloat32(x: number): number {
  for (let digits = 1; digits < 9; digits++) {
    const candidate = Number(x.toPrecision(digits));
    if (Math.fround(candidate) === x) return candidate;
  }
  return x;
}
