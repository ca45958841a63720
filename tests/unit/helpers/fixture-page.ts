import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';

/** The fixture pages folder and the address the fixture server gives it. */
export const PAGES_DIR = join(import.meta.dirname, '../../fixtures/pages');
export const FIXTURE_ORIGIN = 'http://127.0.0.1:4000';

/**
 * A fixture page in happy-dom at its fixture-server address, e.g. `fixturePage('stores/dawn-product.html')`. With
 * `scripts`, its inline scripts have run (they build zoom layers and fill script-written frames); without, it is the
 * page as a content script first sees it. `html` replaces the file's text. Close the window when done.
 */
export async function fixturePage(
  path: string,
  opts: { scripts?: boolean; html?: string } = {},
): Promise<{ window: Window; doc: Document }> {
  const window = new Window({
    url: `${FIXTURE_ORIGIN}/${path}`,
    settings: {
      ...(opts.scripts
        ? { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true }
        : { disableJavaScriptEvaluation: true }),
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
    },
  });
  window.document.write(opts.html ?? readFileSync(join(PAGES_DIR, path), 'utf8'));
  await window.happyDOM.waitUntilComplete();
  return { window, doc: window.document as unknown as Document };
}

/** The document of the one iframe `selector` matches. */
export function frameDocument(top: Document, selector: string): Document {
  const doc = top.querySelector<HTMLIFrameElement>(selector)?.contentDocument;
  if (!doc) throw new Error(`no frame document for ${selector}`);
  return doc;
}

/** A page made of `html` at `url`, parsed with scripts off (synchronous: nothing to wait for). */
export function htmlDocument(html: string, url = `${FIXTURE_ORIGIN}/x.html`): Document {
  const window = new Window({
    url,
    settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
  });
  window.document.write(html);
  return window.document as unknown as Document;
}
