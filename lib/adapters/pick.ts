/**
 * The pick-an-element helper for configuring a chat site: the options page runs `pickElement` in the chat's tab
 * (scripting.executeScript), the participant clicks the part asked for, and it answers with a CSS selector for it.
 * The function is serialized into the page, so everything it uses is inside it.
 *
 * `kind` decides the selector's shape: `one` is a selector for that element alone (the message list, the message
 * box, the send button); `each` matches it and its siblings like it (every message); `mine` matches messages like
 * it including what marks them as the Seller's own (a class or data attribute the others lack).
 * Escape cancels (null).
 */
export type PickKind = 'one' | 'each' | 'mine';

export function pickElement(kind: PickKind, prompt: string, timeoutMs = 120_000): Promise<string | null> {
  const doc = document;
  const stable = (name: string) => /^[a-zA-Z][\w-]{0,40}$/.test(name) && !/\d{3,}|[a-f0-9]{6,}|^(?:css|sc|jsx|emotion)-/i.test(name);
  const esc = (s: string) => CSS.escape(s);
  const classes = (el: Element) =>
    [...el.classList]
      .filter(stable)
      .map((c) => `.${esc(c)}`)
      .join('');
  const unique = (sel: string, el: Element) => {
    try {
      const all = doc.querySelectorAll(sel);
      return all.length === 1 && all[0] === el;
    } catch {
      return false;
    }
  };
  const own = (el: Element): string => {
    const tag = el.tagName.toLowerCase();
    if (el.id && stable(el.id)) return `#${esc(el.id)}`;
    for (const attr of ['data-testid', 'data-test', 'name', 'role', 'aria-label', 'contenteditable', 'type']) {
      const v = el.getAttribute(attr);
      if (v !== null && v.length <= 60) return `${tag}[${attr}="${v.replace(/"/g, '\\"')}"]${classes(el)}`;
    }
    return `${tag}${classes(el)}`;
  };
  /** The shortest chain of ancestors' selectors that finds only this element. */
  const one = (el: Element): string => {
    let sel = own(el);
    for (let up = el.parentElement; !unique(sel, el) && up && up !== doc.documentElement; up = up.parentElement)
      sel = `${own(up)} > ${sel}`;
    return sel;
  };
  /** The repeated element a click landed in: a click on a message's text means the message. */
  const item = (el: Element): Element => {
    for (let x: Element | null = el; x?.parentElement; x = x.parentElement) {
      const tag = x.tagName;
      if ([...x.parentElement.children].some((s) => s !== x && s.tagName === tag)) return x;
    }
    return el;
  };
  /** The element's tag and the classes every sibling with that tag shares (not "in" or "out"). */
  const each = (el: Element): string => {
    const siblings = [...(el.parentElement?.children ?? [])].filter((s) => s !== el && s.tagName === el.tagName);
    const common = [...el.classList].filter((c) => stable(c) && siblings.every((s) => s.classList.contains(c)));
    const base = `${el.tagName.toLowerCase()}${common.map((c) => `.${esc(c)}`).join('')}`;
    const parent = el.parentElement;
    return parent ? `${one(parent)} > ${base}` : base;
  };
  const mine = (el: Element): string => {
    const sel = each(el);
    const siblings = [...(el.parentElement?.children ?? [])].filter((s) => s !== el && s.matches(sel));
    // What this message has that some look-alike lacks: a class, or a data-* attribute's value.
    const cls = [...el.classList].filter(stable).find((c) => siblings.some((s) => !s.classList.contains(c)));
    if (cls) return `${sel}.${esc(cls)}`;
    for (const a of [...el.attributes]) {
      if (a.name.startsWith('data-') && a.value.length <= 40 && siblings.some((s) => s.getAttribute(a.name) !== a.value))
        return `${sel}[${a.name}="${a.value.replace(/"/g, '\\"')}"]`;
    }
    return sel;
  };

  return new Promise((resolve) => {
    const box = doc.createElement('div');
    const tip = doc.createElement('div');
    box.style.cssText =
      'position:fixed;pointer-events:none;z-index:2147483647;border:2px solid #2457d6;background:rgba(36,87,214,.12);border-radius:4px;display:none';
    tip.style.cssText =
      'position:fixed;top:8px;left:50%;transform:translateX(-50%);z-index:2147483647;background:#1d2433;color:#fff;font:14px system-ui,sans-serif;padding:8px 12px;border-radius:8px;pointer-events:none';
    tip.textContent = `Floorwalker: click ${prompt}. Esc cancels.`;
    doc.documentElement.append(box, tip);
    let target: Element | null = null;
    const onMove = (e: MouseEvent) => {
      const el = doc.elementFromPoint(e.clientX, e.clientY);
      if (!el || el === box || el === tip) return;
      target = el;
      const r = el.getBoundingClientRect();
      Object.assign(box.style, {
        display: 'block',
        left: `${r.left}px`,
        top: `${r.top}px`,
        width: `${r.width}px`,
        height: `${r.height}px`,
      });
    };
    const finish = (value: string | null) => {
      clearTimeout(timer);
      doc.removeEventListener('mousemove', onMove, true);
      doc.removeEventListener('click', onClick, true);
      doc.removeEventListener('keydown', onKey, true);
      box.remove();
      tip.remove();
      resolve(value);
    };
    const onClick = (e: MouseEvent) => {
      // The click picks; it must not also press the page's button or follow its link.
      e.preventDefault();
      e.stopImmediatePropagation();
      const el = (e.target instanceof Element ? e.target : null) ?? target;
      if (!el) return;
      finish(kind === 'one' ? one(el) : kind === 'each' ? each(item(el)) : mine(item(el)));
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      finish(null);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    doc.addEventListener('mousemove', onMove, true);
    doc.addEventListener('click', onClick, true);
    doc.addEventListener('keydown', onKey, true);
  });
}
