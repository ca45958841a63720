/**
 * Which class names and ids a picked selector may use. Chat pages are often built with CSS-in-JS or CSS modules
 * (hashed names that change with every release) and utility CSS (names that say how a thing looks, not what it is):
 * a selector built on those breaks on the next deploy or matches unrelated parts. State classes (`is-active`,
 * `vac-send-disabled`, `Btn--disabled`) come and go as the participant types and clicks: a selector that names one
 * stops matching the moment the state changes (a send button picked while disabled, then enabled).
 */
export type NameKind = 'stable' | 'utility' | 'hashed' | 'state';

/** Longest class name or id a selector keeps; longer ones are generated. */
const MAX_NAME_CHARS = 48;

/** Generated names: long digit or hex runs, CSS-in-JS prefixes, CSS-module suffixes, random mixed case. */
const HASHED_PATTERNS = [
  /\d{3,}/,
  /[a-f0-9]{6,}/i,
  /^(?:css|sc|jsx|emotion|svelte|astro|tw|chakra|mui|jss|makeStyles|styled)-/i,
  /_{2}[a-zA-Z0-9]{5,}$/, // Button_root__3xYz1 (CSS modules)
  /^_[a-zA-Z0-9]{4,}/, // _1a2b3 (CSS modules' short form)
  /^:r[0-9a-z]+:$/, // React useId
];

/** Random mixed-case names as styled-components makes them (kAzPlk, bdVaJa): short, no separator, case flipping. */
const isRandomCase = (name: string): boolean => /^[a-zA-Z]{5,8}$/.test(name) && /[a-z][A-Z][a-z]?[A-Z]/.test(name);

/** Utility CSS (Tailwind, UnoCSS, Bootstrap helpers): layout, spacing, colour. */
const UTILITY_PREFIX =
  /^-?(?:[pm][trblxyse]?|gap|space-[xy]|w|h|size|min-w|max-w|min-h|max-h|text|bg|from|via|to|border|rounded|shadow|flex|grid|col|row|items|justify|self|place|content|font|leading|tracking|z|top|left|right|bottom|inset|start|end|opacity|overflow|order|basis|grow|shrink|ring|outline|divide|translate|rotate|scale|skew|duration|delay|ease|transition|animate|cursor|select|whitespace|break|line-clamp|fill|stroke|object|aspect|d|align|float|clear|visible|invisible|position)-/;
const UTILITY_WORDS = new Set([
  'flex',
  'grid',
  'block',
  'inline',
  'inline-block',
  'inline-flex',
  'hidden',
  'relative',
  'absolute',
  'fixed',
  'sticky',
  'static',
  'truncate',
  'container',
  'contents',
  'italic',
  'underline',
  'uppercase',
  'lowercase',
  'capitalize',
  'grow',
  'shrink',
  'border',
  'rounded',
  'shadow',
  'transition',
  'clearfix',
]);

/**
 * Interactive states, as a whole class (`active`), a part of one (`vac-send-disabled`, `Btn--disabled`, deep-chat's
 * `disabled-button`, `loading-submit-button`) or a prefix (`is-open`).
 */
const STATE_CLASS =
  /(?:^(?:is|has)-)|(?:^|[-_])(?:disabled|enabled|active|inactive|focus|focused|focus-visible|hover|hovered|selected|checked|pressed|open|opened|closed|expanded|collapsed|empty|filled|loading|busy|invalid|valid|dirty|pristine|touched)(?:$|[-_])/i;

/**
 * Enter/leave animation classes that frameworks put on an element for a moment (Vue's `fade-enter-to`,
 * `fade-leave-active`; React Transition Group's `item-enter`, `item-exit-done`; Angular's `ng-enter`): a picked
 * element that was still animating in must not be named by them, nor told apart by them.
 */
export const TRANSITION_CLASS = /(?:^|[-_])(?:enter|leave|exit|appear)(?:[-_](?:from|to|active|done))?$/i;

export function nameKind(name: string): NameKind {
  if (!name || name.length > MAX_NAME_CHARS || !/^-?[a-zA-Z_][\w-]*$/.test(name)) return /[[\]:/%.!#()=]/.test(name) ? 'utility' : 'hashed';
  if (isRandomCase(name) || HASHED_PATTERNS.some((p) => p.test(name))) return 'hashed';
  if (UTILITY_WORDS.has(name) || UTILITY_PREFIX.test(name)) return 'utility';
  if (STATE_CLASS.test(name) || TRANSITION_CLASS.test(name)) return 'state';
  return 'stable';
}

export const isStableName = (name: string): boolean => nameKind(name) === 'stable';

/** The element's classes a selector may name: stable ones, then utility ones when `utility` is allowed. */
export function usableClasses(el: Element, utility = false): string[] {
  return [...new Set(el.classList)].filter((c) => {
    const k = nameKind(c);
    return k === 'stable' || (utility && k === 'utility');
  });
}

/**
 * Attributes that identify one element, not a kind (per-message ids, keys, times, and per-message labels such as
 * `aria-label="Message from Anna at 10:01"`): never used to mark a kind of message.
 */
export const PER_ELEMENT_ATTR = /(?:^|-)(?:id|key|index|idx|uid|uuid|time|ts|timestamp|date|label|title|href|src|style|tabindex)$/i;

/** Class words that mark a message's place or state, not who sent it (first of a group, unread, selected). */
export const STATE_WORD =
  /(?:^|[-_])(?:first|last|single|middle|normal|only|new|unread|read|seen|selected|active|hover|focus|highlight|continued?|consecutive|grouped|animated?|enter|leave|show|visible|loading|pending|sending|sent|delivered|failed|error)$/i;

/** An attribute value short and plain enough to name in a selector. */
export const MAX_ATTR_VALUE_CHARS = 40;

/** CSS string for an attribute value. */
export const attrValue = (v: string): string => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

export const cssIdent = (s: string): string => (typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(s) : s.replace(/([^\w-])/g, '\\$1'));
