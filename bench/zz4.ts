import { readFile } from 'node:fs/promises';
import { scaleCatalog } from './lib/scale';
import { Charset, Encoder, Index } from 'flexsearch';
import { productSearchFields, words } from '../lib/search/text';
const catalog = JSON.parse(await readFile('/work/wt-imp3/public/catalog/default.json', 'utf8'));
const products = scaleCatalog(catalog.products, 100_000);
const PLURALS = new Map([['ies', 'y'], ['s', '']]);
const STOP = new Set('a an the and or of to for with in on at by from'.split(' '));
const texts = products.map((p) => words(productSearchFields(p, 'x').description).join(' '));
for (const variant of ['normalize', 'plain', 'normalize', 'plain']) {
  const extra = variant === 'plain' ? { normalize: false } : {};
  const idx = new Index({ tokenize: 'strict', encoder: new Encoder({ ...Charset.Normalize, dedupe: false, numeric: false, stemmer: PLURALS, minlength: 1, filter: STOP, ...extra }), resolution: 1, cache: false });
  const t = performance.now();
  texts.forEach((s, i) => idx.add(i, s));
  const chunks: string[] = [];
  await idx.export((k, d) => { chunks.push(k + d); });
  console.log(variant, Math.round(performance.now() - t), chunks.join('').length, chunks.join('').slice(0, 0));
}
