import type { ElementDescription } from '../events/event-schema';
import { ELEMENT_TEXT_LIMITS, MAX_LABEL_CHARS } from '../limits';
import { maskPii } from '../privacy/text';
import { cleanText } from '../text/unicode';

const PATH_DEPTH = 4;
const MAX_CLASSES = 2;
/** Elements whose content is typed by the user: their text is never read. */
export const TYPED_FIELDS = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"]';

/**
 * A description that stays the same across page loads and never includes what the user typed: tag, id,
 * role, test id, a short visible label for links and buttons, and a short CSS-like path. Everything in it is page
 * text, which may hold NULs and lone surrogates and is cut to the schema's limits: all of it goes through cleanText.
 */
export function describeElement(el: Element): ElementDescription {
  // Custom elements' names may be long and may hold characters outside the BMP.
  const d: ElementDescription = { tag: cleanText(el.tagName.toLowerCase(), ELEMENT_TEXT_LIMITS.tag), path: cssPath(el) };
  const id = cleanText(el.getAttribute('id') ?? '', ELEMENT_TEXT_LIMITS.id);
  if (id) d.id = id;
  const role = cleanText(el.getAttribute('role') ?? '', ELEMENT_TEXT_LIMITS.role);
  if (role) d.role = role;
  const testId = cleanText(el.getAttribute('data-testid') ?? el.getAttribute('data-test-id') ?? '', ELEMENT_TEXT_LIMITS.testId);
  if (testId) d.testId = testId;
  const label = labelOf(el);
  if (label) d.label = label;
  return d;
}

function labelOf(el: Element): string | undefined {
  const aria = el.getAttribute('aria-label');
  let text: string | null | undefined = aria;
  if (!text) {
    if (insideEditor(el)) {
      // A link or button inside a rich-text editor holds what the user typed (or pasted): never read it.
      text = null;
    } else if (el.matches(TYPED_FIELDS)) {
      // For buttons made from inputs the value is the caption, not user text; for anything else, say nothing.
      const type = (el.getAttribute('type') ?? '').toLowerCase();
      text = el.tagName === 'INPUT' && ['submit', 'button', 'reset'].includes(type) ? el.getAttribute('value') : null;
    } else if (!el.querySelector(TYPED_FIELDS)) {
      text = el.textContent;
    }
  }
  if (!text) return undefined;
  // NULs go before whitespace is collapsed, so "a \0 b" becomes "a b", not "a  b".
  const clean = cleanText(maskPii(cleanText(text).replace(/\s+/g, ' ').trim()), MAX_LABEL_CHARS);
  return clean || undefined;
}

/**
 * In a rich-text editor: the nearest contenteditable attribute on the element or an ancestor decides (HTML's
 * inheritance rule); the browser's own answer covers what attributes do not show, such as designMode documents.
 */
function insideEditor(el: Element): boolean {
  if ((el as Partial<HTMLElement>).isContentEditable === true || el.ownerDocument.designMode === 'on') return true;
  const value = el.closest('[contenteditable]')?.getAttribute('contenteditable')?.toLowerCase();
  return value !== undefined && ['', 'true', 'plaintext-only'].includes(value);
}

function cssPath(el: Element): string {
  const parts: string[] = [];
  let node: Element | null = el;
  while (node && parts.length < PATH_DEPTH && node.tagName !== 'HTML' && node.tagName !== 'BODY') {
    let part = cssIdent(node.tagName.toLowerCase());
    // Attributes, not the `id` and `classList` properties: a form's fields shadow them by name (Shopify's product form
    // has an <input name="id">, so its `form.id` is that input).
    const id = node.getAttribute('id');
    if (id) {
      parts.unshift(`${part}#${cssIdent(id)}`);
      break;
    }
    const classes = (node.getAttribute('class') ?? '')
      .split(/\s+/)
      .filter((c) => c !== '' && isStableClass(c))
      .slice(0, MAX_CLASSES);
    if (classes.length) part += classes.map((c) => `.${cssIdent(c)}`).join('');
    parts.unshift(part);
    node = node.parentElement;
  }
  return cleanText(parts.join(' > '), ELEMENT_TEXT_LIMITS.path);
}

/** Generated class names (CSS modules, styled-components) change between builds; skip them. */
function isStableClass(c: string): boolean {
  return c.length <= 40 && !/\d{3,}|^[a-z]{1,3}-[a-zA-Z0-9]{5,}$|__[a-zA-Z0-9]{5,}$/.test(c);
}

/**
 * Escapes what CSS would read as syntax. Page text is cleaned first, and the `u` flag escapes an emoji as one
 * character: without it the backslash would go between the two halves of the pair and leave both of them lone.
 */
function cssIdent(s: string): string {
  return cleanText(s).replace(/[^\w-]/gu, (ch) => `\\${ch}`);
}
