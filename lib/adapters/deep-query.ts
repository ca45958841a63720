/**
 * Selectors that reach into open shadow roots and same-origin frames, for chat sites whose chat is a web component
 * (its parts live in a shadow root) or a support widget in an iframe. A deep selector is CSS selectors joined by
 * ` >>> `: each step runs in the root the previous step's elements open, the shadow root of an element that has an
 * open one, or the document of an `<iframe>` whose document the page may read (same origin, `srcdoc`,
 * `about:blank`). `vue-advanced-chat >>> .vac-container-scroll` is the scroll area inside the component's shadow
 * root; `iframe#support >>> #messages` the list in the widget's frame. A selector without `>>>` is plain CSS.
 * Closed shadow roots and cross-origin frames cannot be entered from outside (the content script in the frame
 * handles those).
 */
export const DEEP_COMBINATOR = '>>>';

/** The steps of a deep selector, trimmed; a plain selector is one step. */
export function deepSteps(selector: string): string[] {
  return selector.split(DEEP_COMBINATOR).map((s) => s.trim());
}

/** Why a deep selector cannot be used (an empty step, a step the browser cannot parse), or null when it can. */
export function deepSelectorError(selector: string, doc: Document): string | null {
  const steps = deepSteps(selector);
  if (steps.some((s) => s === '')) return `has an empty step around “${DEEP_COMBINATOR}”`;
  for (const step of steps) {
    try {
      doc.createDocumentFragment().querySelector(step);
    } catch {
      return steps.length > 1
        ? `has a step, “${step}”, that is not a CSS selector the browser can read`
        : 'is not a CSS selector the browser can read';
    }
  }
  return null;
}

/** The root an element opens for the next step: its open shadow root, or its frame's document when readable. */
export function innerRootOf(el: Element): Document | ShadowRoot | null {
  if (el.shadowRoot) return el.shadowRoot;
  if (el.localName === 'iframe' || el.localName === 'frame') {
    try {
      // A cross-origin frame's document is null (or throws in some browsers): it is not entered.
      return (el as HTMLIFrameElement).contentDocument;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The element whose shadow root or readable frame holds `node` (or is `node`, a root), or null at the top document
 * and below a cross-origin parent.
 */
export function hostOf(node: Node): Element | null {
  const root = node.getRootNode();
  if (root.nodeType === Node.DOCUMENT_FRAGMENT_NODE && 'host' in root) return (root as ShadowRoot).host;
  if (root.nodeType === Node.DOCUMENT_NODE) {
    try {
      return (root as Document).defaultView?.frameElement ?? null;
    } catch {
      return null; // a cross-origin parent
    }
  }
  return null;
}

/** Every element a deep selector finds under `root`, in document order within each root. */
export function queryAllDeep(root: ParentNode, selector: string): Element[] {
  const steps = deepSteps(selector);
  let roots: ParentNode[] = [root];
  let found: Element[] = [];
  for (const [i, step] of steps.entries()) {
    found = roots.flatMap((r) => [...r.querySelectorAll(step)]);
    if (i === steps.length - 1) break;
    roots = found.map(innerRootOf).filter((r): r is Document | ShadowRoot => r !== null);
  }
  return [...new Set(found)];
}

/** The first element a deep selector finds under `root`, or null. */
export function queryDeep(root: ParentNode, selector: string): Element | null {
  const steps = deepSteps(selector);
  if (steps.length === 1) return root.querySelector(steps[0] ?? '');
  return queryAllDeep(root, selector)[0] ?? null;
}

/**
 * Whether an element is one a deep selector finds: it matches the last step, and the element whose shadow root or
 * frame it is in matches the steps before. A plain selector is `Element.matches`.
 */
export function matchesDeep(el: Element, selector: string): boolean {
  const steps = deepSteps(selector);
  const last = steps.pop() ?? '';
  if (!el.matches(last)) return false;
  if (steps.length === 0) return true;
  const host = hostOf(el);
  return host !== null && matchesDeep(host, steps.join(` ${DEEP_COMBINATOR} `));
}

/** The element's parent across shadow and frame boundaries: its parent, else its shadow host or its frame element. */
export function composedParent(el: Element): Element | null {
  return el.parentElement ?? hostOf(el);
}

/** The nearest element from `el` up, across shadow roots and readable frames, that the deep selector finds. */
export function closestDeep(el: Element, selector: string): Element | null {
  for (let x: Element | null = el; x; x = composedParent(x)) if (matchesDeep(x, selector)) return x;
  return null;
}

/** Whether `el` is `ancestor` or inside it, across shadow roots and readable frames. */
export function containsDeep(ancestor: Element, el: Element): boolean {
  for (let x: Element | null = el; x; x = composedParent(x)) if (x === ancestor) return true;
  return false;
}

/**
 * The element an event came from, or the nearest one above it, that the deep selector finds. The composed path starts
 * at the innermost target inside open shadow roots (`event.target` is retargeted to the outermost host).
 */
export function eventTargetMatch(e: Event, selector: string): Element | null {
  const first = e.composedPath()[0];
  const el = first && (first as Node).nodeType === Node.ELEMENT_NODE ? (first as Element) : null;
  return el ? closestDeep(el, selector) : null;
}
