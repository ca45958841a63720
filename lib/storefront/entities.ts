/**
 * HTML character references in JSON-LD text. WordPress and WooCommerce run product names through their HTML escaping
 * before they print them into JSON, so a real block says `Men&#8217;s Apron &amp; Cap`; a shop means the characters.
 * Each reference alone is decoded by the page's own parser (its full table of named references) in a detached
 * `<textarea>`, whose content is text: only the reference itself, which the pattern limits to letters, digits and `#`,
 * is ever given to the parser, so no markup from the page can be created, let alone run.
 */
/** A numeric reference, or a named one (none is longer than 31 characters); anything else is left as it is. */
const REFERENCE = /&(#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/gi;

export type EntityDecoder = (text: string) => string;

/** A decoder for one document; it remembers each reference it has decoded. */
export function entityDecoder(doc: Document): EntityDecoder {
  const known = new Map<string, string>();
  let box: HTMLTextAreaElement | null = null;
  const decodeOne = (reference: string): string => {
    let value = known.get(reference);
    if (value === undefined) {
      box ??= doc.createElement('textarea');
      box.innerHTML = reference;
      value = box.textContent ?? reference;
      known.set(reference, value);
    }
    return value;
  };
  return (text) => (text.includes('&') ? text.replace(REFERENCE, decodeOne) : text);
}
