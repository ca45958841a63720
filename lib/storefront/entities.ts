/**
 * HTML character references in JSON-LD text. WordPress and WooCommerce run product names through their HTML escaping
 * before they print them into JSON, so a real block says `Men&#8217;s Apron &amp; Cap`; a shop means the characters.
 * Each reference alone is decoded by the browser's HTML parser (its full table of named references) through a
 * DOMParser, whose documents run no scripts and load nothing: only the reference itself, which the pattern limits to
 * letters, digits and `#`, is ever given to the parser, so no markup from the page can be created, let alone run. (Not
 * a `<textarea>`'s innerHTML: the extension keeps no HTML-string sink, which web-ext lint reports.)
 */
/** A numeric reference, or a named one (none is longer than 31 characters); anything else is left as it is. */
const REFERENCE = /&(#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/gi;

export type EntityDecoder = (text: string) => string;

/** A decoder for one document; it remembers each reference it has decoded. */
export function entityDecoder(doc: Document): EntityDecoder {
  const known = new Map<string, string>();
  const Parser = doc.defaultView?.DOMParser;
  let parser: DOMParser | null = null;
  const decodeOne = (reference: string): string => {
    let value = known.get(reference);
    if (value === undefined) {
      if (!Parser) return reference;
      parser ??= new Parser();
      value = parser.parseFromString(reference, 'text/html').body.textContent ?? reference;
      known.set(reference, value);
    }
    return value;
  };
  return (text) => (text.includes('&') ? text.replace(REFERENCE, decodeOne) : text);
}
