/**
 * The prebuilt search index of the bundled default catalog, made from public/catalog/default.json when the
 * extension is built (wxt.config.ts adds it to the public assets) rather than committed: it then always matches
 * both the catalog and the engine code it ships with. The bench and the tests make it the same way.
 */
import { readFile } from 'node:fs/promises';
import { validateCatalog } from '../../lib/catalog/catalog-schema';
import { prebuiltIndexJson } from '../../lib/search/prebuilt';
import { CATALOG_PATH } from './paths';

export async function prebuiltIndexOfCatalogFile(path: string = CATALOG_PATH): Promise<string> {
  const checked = validateCatalog(JSON.parse(await readFile(path, 'utf8')));
  if (!checked.ok) throw new Error(`${path} is not a valid catalog:\n${checked.errors.join('\n')}`);
  return prebuiltIndexJson(checked.catalog);
}
