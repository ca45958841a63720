/**
 * Whether a clicked control acts on the page's product: add to cart, buy now, a variant (size, colour) swatch or
 * option, a quantity control, the gallery. Recognised first by structure and platform-independent semantics, then
 * by the words shops use:
 * - a control of a form that adds to a cart: its action names a cart or basket, or its fields name the product,
 *   the variant or the quantity (`add-to-cart`, `product_id`, `id`, `quantity`, `option[…]`, `attribute[…]`);
 * - an option control near the product's heading: a radio or option (`role=radio`, `role=option`, radio inputs, a
 *   radiogroup's buttons), a select, a quantity field;
 * - failing both, words in its id, class, name, title, label or text ("add to cart", "size", "colour", "qty"…).
 */

/** Words in a control's id, class, name, title or label that tie it to the product on the page. */
const PRODUCT_CONTROL =
  /add[\s_-]?to[\s_-]?(cart|bag|basket|trolley)|buy[\s_-]?(it[\s_-]?)?now|wish[\s_-]?list|variant|swatch|size|colou?r|quantity|qty|gallery|thumb|zoom|warenkorb|panier|carrito/i;
/** A form action that puts something in a cart. */
const CART_ACTION = /cart|basket|bag|trolley|checkout|warenkorb|panier|carrito/i;
/** Field names of a product form: the product, its variant, its options, the quantity. */
const PRODUCT_FIELD =
  /^(add-to-cart|add|product|product_?id|product-id|id|variant_?id|item|asin|qty|quantity|selected_configurable_option)$|^(option|attribute|super_attribute|properties)\[/i;
/** Option controls: what picks a variant or a quantity (number fields typed as text aside: see `isNumberField`). */
const OPTION_CONTROL = '[role="radio"], [role="option"], [role="radiogroup"] button, input[type="radio"], select, input[type="number"]';
/** Input types a shop may give a quantity field besides `number` (OpenCart and Magento 1 use text, BigCommerce tel). */
const TEXT_FIELD_TYPES: readonly string[] = ['', 'text', 'tel'];
/** A `pattern` that only accepts digits: `\d*`, `[0-9]+`, `[0-9]{1,3}`. */
const DIGITS_PATTERN = /^(?:\\d|\[0-9\])(?:[*+]|\{\d+(?:,\d*)?\})$/;
/** A default value that is a count (a quantity field starts at 1), not a word or a code. */
const COUNT_VALUE = /^\d{1,4}$/;
/** How far above an option control the product's heading may be (the info column that holds both). */
const MAX_HEADING_DEPTH = 8;
/** How far up from the clicked element its words are read (a swatch's label is often on its wrapper). */
const MAX_WORD_DEPTH = 3;

/** What an element says about itself: id, class, name, title, label, test id, and a button's caption. */
function hints(el: Element): string {
  const parts = [
    el.getAttribute('id') ?? '',
    el.getAttribute('class') ?? '',
    el.getAttribute('name') ?? '',
    el.getAttribute('title') ?? '',
    el.getAttribute('aria-label') ?? '',
    el.getAttribute('data-testid') ?? '',
  ];
  if (el.matches('button, [role="button"], input[type="submit"], input[type="button"]'))
    parts.push((el.textContent ?? '').slice(0, 80), el.getAttribute('value') ?? '');
  return parts.join(' ');
}

/** What a wrapper says of the control in it: its name and label, not its classes (themes name sections "color-scheme-1"). */
function wrapperHints(el: Element): string {
  // Attributes, not properties: a form's fields shadow its `id` by name.
  return [el.getAttribute('id') ?? '', el.getAttribute('title') ?? '', el.getAttribute('aria-label') ?? ''].join(' ');
}

type FormOwned = Element & { form?: HTMLFormElement | null; control?: Element | null };

/** The form a control belongs to: its own (also through a `form` attribute), its label's control's, or the one around it. */
function formOf(el: Element): HTMLFormElement | null {
  const owned = el as FormOwned;
  if (owned.form) return owned.form;
  const labelled = el.closest('label') as FormOwned | null;
  const control = labelled?.control as FormOwned | null | undefined;
  if (control?.form) return control.form;
  return el.closest('form');
}

function isProductForm(form: HTMLFormElement): boolean {
  if (CART_ACTION.test(form.getAttribute('action') ?? '')) return true;
  for (const field of form.querySelectorAll('[name]')) if (PRODUCT_FIELD.test(field.getAttribute('name') ?? '')) return true;
  // Fields placed outside the form and tied to it by id (Shopify's variant radios and quantity).
  const id = form.getAttribute('id');
  if (!id) return false;
  for (const field of form.ownerDocument.querySelectorAll(`[form="${id.replace(/["\\]/g, '\\$&')}"][name]`))
    if (PRODUCT_FIELD.test(field.getAttribute('name') ?? '')) return true;
  return false;
}

/**
 * A field for a number, whatever its type: a number input, or a text or tel input that asks for digits (its `pattern`
 * or `inputmode`) or starts with a count. Shops write quantity fields all three ways.
 */
export function isNumberField(el: Element): boolean {
  if (el.tagName !== 'INPUT') return false;
  const type = (el.getAttribute('type') ?? '').trim().toLowerCase();
  if (type === 'number') return true;
  if (!TEXT_FIELD_TYPES.includes(type)) return false;
  return (
    el.getAttribute('inputmode') === 'numeric' ||
    DIGITS_PATTERN.test(el.getAttribute('pattern') ?? '') ||
    COUNT_VALUE.test((el.getAttribute('value') ?? '').trim())
  );
}

const isOption = (el: Element | null | undefined): el is Element => !!el && (el.matches(OPTION_CONTROL) || isNumberField(el));

/** The option control an element is, is in, or labels. */
function optionOf(el: Element): Element | null {
  const own = el.closest(OPTION_CONTROL) ?? (isNumberField(el) ? el : null);
  if (own) return own;
  const control = (el.closest('label') as FormOwned | null)?.control;
  return isOption(control) ? control : null;
}

/** An option control (or the label of one) whose nearby ancestors hold the page's heading. */
function isOptionNearHeading(el: Element): boolean {
  const option = optionOf(el);
  if (!option) return false;
  let node: Element | null = option;
  for (let depth = 0; node && depth < MAX_HEADING_DEPTH; depth++, node = node.parentElement) {
    if (node === node.ownerDocument.body) break;
    if (node.querySelector('h1')) return true;
  }
  return false;
}

function wordsSayProduct(el: Element): boolean {
  if (PRODUCT_CONTROL.test(hints(el))) return true;
  let node = el.parentElement;
  for (let depth = 1; node && depth < MAX_WORD_DEPTH; node = node.parentElement, depth++) {
    if (PRODUCT_CONTROL.test(wrapperHints(node))) return true;
  }
  return false;
}

/** A control about the page's product: add to cart, buy now, wish list, variant and quantity pickers, the gallery. */
export function isPageProductControl(el: Element): boolean {
  const form = formOf(el);
  if (form && isProductForm(form)) return true;
  return isOptionNearHeading(el) || wordsSayProduct(el);
}
