/**
 * Where a document is, for resolving the relative URLs it names and for telling its own links from others. A frame
 * made with `srcdoc` or written into `about:blank` (a shop's Buy Button, an embedded product card) has no address of
 * its own: the browser resolves its URLs against the page that made it, and so does this.
 */
/** How many frames up an address is looked for. */
const MAX_FRAME_DEPTH = 8;

const isHttp = (url: string | undefined): url is string => !!url && /^https?:/i.test(url);

/** The first http(s) address of this document or, for an about:blank or srcdoc frame, of the frames around it. */
function inherited(doc: Document, of: (d: Document) => string | undefined): string | undefined {
  let current: Document | null = doc;
  for (let depth = 0; current && depth < MAX_FRAME_DEPTH; depth++) {
    const own = of(current);
    if (isHttp(own)) return own;
    current = parentDocument(current);
  }
  return undefined;
}

function parentDocument(doc: Document): Document | null {
  const view = doc.defaultView;
  try {
    // A cross-origin parent throws (or has no document): such a frame has an address of its own anyway.
    return view && view.parent !== view ? (view.parent.document as Document) : null;
  } catch {
    return null;
  }
}

/** The base relative URLs in this document resolve against. */
export function documentBase(doc: Document): string | undefined {
  return inherited(doc, (d) => d.baseURI);
}

/** The address of the page this document shows (its frame's creator's for about:blank and srcdoc frames). */
export function documentAddress(doc: Document): string | undefined {
  return inherited(doc, (d) => d.location?.href ?? d.URL);
}
