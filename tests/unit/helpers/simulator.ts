import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { validateCatalog, type Catalog, type Persona, type Product } from '../../../lib/catalog/catalog-schema';
import { DEFAULT_COACHING_SCHEMA } from '../../../lib/coach/default-schema';
import type { BuyerMove } from '../../../lib/simulator/acts';
import { DEFAULT_SIMULATOR_CONFIG, type SimulatorConfig } from '../../../lib/simulator/buyer';
import { buildPreferences } from '../../../lib/simulator/preferences';
import { simulatedBuyerFor } from '../../../lib/simulator/run';

/** The default catalog and small helpers for the simulator's tests. */
const checked = validateCatalog(JSON.parse(await readFile(resolve(import.meta.dirname, '../../../public/catalog/default.json'), 'utf8')));
if (!checked.ok) throw new Error(checked.errors.join('; '));
export const catalog: Catalog = checked.catalog;
export const products = new Map(catalog.products.map((p) => [p.id, p]));
export const persona = (id: string) => catalog.personas.find((p) => p.id === id) as Persona;
export const product = (id: string) => products.get(id) as Product;
export const inCategory = (c: string) => catalog.products.filter((p) => p.category === c);
export const prefsOf = (id: string) => buildPreferences(persona(id), inCategory(persona(id).category), 'label');

export const config = (over: Partial<SimulatorConfig> = {}): SimulatorConfig => ({
  ...DEFAULT_SIMULATOR_CONFIG,
  seed: 7,
  schema: DEFAULT_COACHING_SCHEMA,
  ...over,
});
export const buyerFor = (id: string, over: Partial<SimulatorConfig> = {}) =>
  simulatedBuyerFor(catalog, products, persona(id), config(over));

/** The words of the Buyer's messages among `moves`. */
export const texts = (moves: readonly BuyerMove[]) =>
  moves
    .filter((m) => m.type === 'say')
    .map((m) => m.text)
    .join(' ');
export const saysOf = (moves: readonly BuyerMove[]) => moves.filter((m): m is Extract<BuyerMove, { type: 'say' }> => m.type === 'say');
