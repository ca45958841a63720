import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { validateCatalog, type Catalog, type Persona, type Product } from '../lib/catalog/catalog-schema';

/** The catalog the pilot pages show (the bundled default), with lookups by id. Loaded once at start. */
export interface ServerCatalog {
  catalog: Catalog;
  /** Every product by id (the simulated Buyer's lookup). */
  products: ReadonlyMap<string, Product>;
  product(id: string): Product | undefined;
  personasOf(category: string): Persona[];
  persona(id: string): Persona | undefined;
}

export async function loadServerCatalog(path = resolve(import.meta.dirname, '../public/catalog/default.json')): Promise<ServerCatalog> {
  const checked = validateCatalog(JSON.parse(await readFile(path, 'utf8')));
  if (!checked.ok) throw new Error(`Catalog ${path} is invalid: ${checked.errors.join('; ')}`);
  const catalog = checked.catalog;
  const products = new Map(catalog.products.map((p) => [p.id, p]));
  const personas = new Map(catalog.personas.map((p) => [p.id, p]));
  return {
    catalog,
    products,
    product: (id) => products.get(id),
    personasOf: (category) => catalog.personas.filter((p) => p.category === category),
    persona: (id) => personas.get(id),
  };
}
