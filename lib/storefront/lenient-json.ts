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

/** Characters that may start something to repair outside strings, and inside them. */
const OUTSIDE = /["/<\]{}[,-]/g;
// eslint-disable-next-line no-control-regex -- raw control characters are what is looked for
const INSIDE = /["\\\u0000-\u001f]/g;

/**
 * The text with comments and wrappers removed outside strings, control characters escaped inside them, trailing
 * commas dropped, and everything after the first complete value cut, if what follows is at most one stray closing
 * brace or bracket and semicolons. Null when the value never closes or more than that follows it. Runs between the
 * characters of interest are copied whole, so a large block costs one pass.
 */
export function repairJson(text: string): string | null {
  const parts: string[] = [];
  let depth = 0;
  let i = 0;
  /** Where the last comma outside strings is in `parts`, while nothing but whitespace has followed it. */
  let comma = -1;
  while (i < text.length) {
    OUTSIDE.lastIndex = i;
    const found = OUTSIDE.exec(text);
    const at = found ? found.index : text.length;
    if (at > i) {
      const run = text.slice(i, at);
      parts.push(run);
      if (run.trim() !== '') comma = -1;
    }
    if (!found) break;
    i = at;
    const c = text[i] as string;
    if (c === '"') {
      const end = copyString(text, i);
      if (end === null) return null;
      parts.push(end.text);
      comma = -1;
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
      // `[1, 2,]` → `[1, 2]`: a list or object may end with a comma in JS, not in JSON.
      if (comma >= 0) parts[comma] = '';
      if (depth === 0) return onlyStrayCloserAfter(text, i + 1) ? parts.join('') + c : null;
    }
    comma = c === ',' ? parts.length : -1;
    parts.push(c);
    i++;
  }
  // A bare string, number or literal was handled by JSON.parse already; an unclosed object or array is lost.
  return null;
}

/** A JSON string from its opening quote, raw control characters escaped; null when it never closes. */
function copyString(text: string, start: number): { text: string; next: number } | null {
  const parts = ['"'];
  let i = start + 1;
  for (;;) {
    INSIDE.lastIndex = i;
    const found = INSIDE.exec(text);
    if (!found) return null;
    parts.push(text.slice(i, found.index));
    i = found.index;
    const c = text[i] as string;
    if (c === '"') {
      parts.push(c);
      return { text: parts.join(''), next: i + 1 };
    }
    if (c === '\\') {
      const escaped = text[i + 1];
      if (escaped === undefined) return null;
      // JS-style \' is not a JSON escape; the quote alone means the same.
      parts.push(escaped === "'" ? "'" : c + escaped);
      i += 2;
      continue;
    }
    parts.push(ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    i++;
  }
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
