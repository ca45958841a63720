import { bundleSource } from './bundle';

/**
 * The page logger as a script for a page's isolated world, the way the content script runs it, with the storefront
 * detector of the same code: `start(doc)` detects what `doc` is about and logs it; the hovers it logs are kept in
 * `hovers` (payloads, in order) and the product it detected in `detected`. `commit`: the code as it was then, whose
 * logger took the page's product (`detectProduct`) where it now takes the whole page (`detectPage`).
 */
export function loggerProbe(globalName: string, commit?: string): Promise<string> {
  const detectedAs = commit
    ? `const product = detectProduct(doc);
  detected.push(product?.id ?? null);
  const deps = { product: observable(product) };`
    : `const page = detectPage(doc);
  detected.push(page.kind === 'product' ? page.product.id : null);
  const deps = { page: observable(page) };`;
  const source = `
import { startPageLogger } from './lib/logger/start';
import { observable } from './lib/observable';
import { ${commit ? 'detectProduct' : 'detectPage'} } from './lib/storefront/detect';

const CONTEXT = {
  logging: true, consented: true, study: 'bench', participant: 'bench', role: 'seller', condition: 'B.IIc',
  conversation: null, keepUrlQuery: false, overlay: { side: 'right' },
};
export const hovers: unknown[] = [];
export const detected: (string | null)[] = [];
export function start(doc: Document): void {
  ${detectedAs}
  const enqueue = (e: { action: string; payload: unknown }) => {
    if (e.action === 'hover') hovers.push(e.payload);
  };
  startPageLogger({ doc, context: CONTEXT, enqueue, ignore: () => false, ...deps } as never, new AbortController().signal);
}
`;
  return bundleSource(source, globalName, commit);
}
