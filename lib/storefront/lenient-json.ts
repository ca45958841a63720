/**
 * JSON as shops really ship it in `<script type="application/ld+json">`: hand-edited templates leave JS comments, old
 * CMSs wrap the block in `//<![CDATA[ … //]]>` or `<!-- … -->`, text fields carry raw tabs and line breaks, a theme
 * closes one brace too many or ends with `;`, and a list keeps a trailing comma. `JSON.parse` refuses all of that, and
 * the whole product was lost. This reads such text as data (nothing is evaluated) in one pass, and gives up (undefined)
 * on anything else: a block that is still not JSON after these repairs is skipped by the caller.
 */

/** Larger blocks are skipped unread: no product page needs a megabyte of JSON-LD, and parsing one costs the page time. */
export const MAX_JSON_LD_CHARS = 1_000_000;

const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/** JSON text, strictly if it can be, else after the repairs above; undefined when it is not data even then. */
export function parseLenientJson(text: string): unknown {
  if (text.length > MAX_JSON_LD_CHARS) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // repaired below
  }
  const repaired = repairJson(text);
  if (repaired === null) return undefined;
  try {
    return JSON.parse(repaired);
  } catch {
    return undefined;
  }
}

/** Markers an HTML page wraps script content in; never valid outside a JSON string, so they are dropped there. */
const WRAPPERS = ['<![CDATA[', ']]>', '<!--', '-->'];

/**
 * The text with comments and wrappers removed outside strings, control characters escaped inside them, trailing
 * commas dropped, and everything after the first complete value cut, if what follows is at most one stray closing
 * brace or bracket and semicolons. Null when the value never closes or more than that follows it.
 */
export function repairJson(text: string): string | null {
  let out = '';
  let depth = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    if (c === '"') {
      const end = copyString(text, i);
      if (end.next < 0) return null;
      out += end.text;
      i = end.next;
      continue;
    }
    const skipped = skipIgnorable(text, i);
    if (skipped < 0) return null;
    if (skipped > i) {
      i = skipped;
      continue;
    }
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (depth === 0) return null;
      depth--;
      out = withoutTrailingComma(out);
      if (depth === 0) return onlyStrayCloserAfter(text, i + 1) ? out + c : null;
    }
    out += c;
    i++;
  }
  // A bare string, number or literal was handled by JSON.parse already; an unclosed object or array is lost.
  return null;
}

/** `[1, 2,` → `[1, 2`: a list or object may end with a comma in JS, not in JSON. */
function withoutTrailingComma(out: string): string {
  let end = out.length;
  while (end > 0 && /\s/.test(out[end - 1] as string)) end--;
  return out[end - 1] === ',' ? out.slice(0, end - 1) : out;
}

/** A JSON string from its opening quote: raw control characters escaped. `next` is -1 when it never closes. */
function copyString(text: string, start: number): { text: string; next: number } {
  let out = '"';
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '\\') {
      const escaped = text[i + 1];
      if (escaped === undefined) break;
      // JS-style \' is not a JSON escape; the quote alone means the same.
      out += escaped === "'" ? "'" : c + escaped;
      i++;
    } else if (c === '"') {
      return { text: out + c, next: i + 1 };
    } else if (c < ' ') {
      out += ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    } else {
      out += c;
    }
  }
  return { text: out, next: -1 };
}

/** Where the comment or page wrapper at `i` ends (i itself when there is none there); -1 for an unclosed block comment. */
function skipIgnorable(text: string, i: number): number {
  if (text.startsWith('//', i)) {
    const eol = text.indexOf('\n', i);
    return eol < 0 ? text.length : eol + 1;
  }
  if (text.startsWith('/*', i)) {
    const end = text.indexOf('*/', i + 2);
    return end < 0 ? -1 : end + 2;
  }
  for (const w of WRAPPERS) if (text.startsWith(w, i)) return i + w.length;
  return i;
}

/** True when the rest is whitespace, comments, wrappers and semicolons, with at most one closing brace or bracket. */
function onlyStrayCloserAfter(text: string, from: number): boolean {
  let closers = 0;
  let i = from;
  while (i < text.length) {
    const skipped = skipIgnorable(text, i);
    if (skipped < 0) return false;
    if (skipped > i) {
      i = skipped;
      continue;
    }
    const c = text[i] as string;
    if (c === '}' || c === ']') closers++;
    else if (c !== ';' && c.trim() !== '') return false;
    if (closers > 1) return false;
    i++;
  }
  return true;
}
