import { readFileSync } from 'node:fs';
import type { Catalog, Product } from '../../../lib/catalog/catalog-schema';
import { gradeCatalog, judgeable, parseSpec } from '../judge-spec';
import { CATALOG_PATH } from '../paths';
import type { QuerySource } from './dsl';

/** What every judged-set build shares: grading written queries over the bundled catalog, the review, the file's text. */

export type GradedQuery = QuerySource & { id: string; grades: Record<string, 1 | 2 | 3> };

export const catalog = JSON.parse(readFileSync(CATALOG_PATH, 'utf8')) as Catalog;
export const productById: ReadonlyMap<string, Product> = new Map(catalog.products.map((p) => [p.id, p]));
const products = catalog.products.map(judgeable);

/** Grades every product with each query's spec; ids are `<prefix>-<category>-NNN`, numbered per category in order. */
export function gradeSources(sources: readonly QuerySource[], prefix: string): GradedQuery[] {
  const counters = new Map<string, number>();
  return sources.map((s) => {
    const n = (counters.get(s.category) ?? 0) + 1;
    counters.set(s.category, n);
    const spec = parseSpec(s.spec);
    return { id: `${prefix}-${s.category}-${String(n).padStart(3, '0')}`, ...s, spec, grades: gradeCatalog(products, spec) };
  });
}

/** Prints each query with a sample of its products at each grade, to fix specs (never grades); `only` a category. */
export function printReview(queries: readonly GradedQuery[], only?: string): void {
  for (const q of queries) {
    if (only && q.category !== only) continue;
    const byGrade: Record<number, string[]> = { 3: [], 2: [], 1: [] };
    for (const [id, gr] of Object.entries(q.grades)) byGrade[gr]?.push(id);
    console.log(`\n${q.id} [${q.group}] "${q.query}" — ${q.need}`);
    console.log(`  g3=${byGrade[3]?.length} g2=${byGrade[2]?.length} g1=${byGrade[1]?.length}`);
    for (const gr of [3, 2, 1]) {
      const ids = byGrade[gr] ?? [];
      const step = Math.max(1, Math.floor(ids.length / 3));
      for (const id of ids.filter((_, i) => i % step === 0).slice(0, 3)) {
        const p = productById.get(id);
        if (p) console.log(`   ${gr} ${p.title.slice(0, 90)} | ${JSON.stringify(p.attributes)} $${p.price}`);
      }
    }
  }
}

/** A judged set's file: one query per line, in id order, so diffs are small and queries scan without their grades. */
export function judgedSetText(half: string, queries: readonly GradedQuery[]): string {
  const lines = [...queries].sort((a, b) => a.id.localeCompare(b.id)).map((q) => `  ${JSON.stringify(q)}`);
  const head = `{\n "catalogVersion": ${JSON.stringify(catalog.version)},\n "half": ${JSON.stringify(half)},\n "queries": [\n`;
  return `${head}${lines.join(',\n')}\n ]\n}\n`;
}
