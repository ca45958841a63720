import { attrValue, cssIdent, MAX_ATTR_VALUE_CHARS, nameKind, PER_ELEMENT_ATTR, STATE_WORD, TRANSITION_CLASS } from './names';
import type { MessageInference } from './infer-message';

/** Attributes besides data-* that may say who sent a message. */
const AUTHOR_ATTRS = new Set(['slot', 'dir']);
/** Scores: a named (stable) class or data attribute says more than a utility class such as `self-end`. */
/** `state` names (`is-self`, `is-outgoing`) may mark the author here: STATE_WORD keeps out real states (active, unread). */
const WEIGHT = { stable: 3, state: 3, utility: 1 } as const;
/** Extra when the other messages share a mark of their own (outgoing vs incoming): a clean split of two kinds. */
const PARTITION_BONUS = 2;
/** A mark on the message itself is preferred to one on its group, when both split the same way. */
const LEVEL_PENALTY = 0.1;
/** A mark inside the message is the last choice (it needs `:has()`): only its first levels are looked at. */
const INNER_PENALTY = 0.5;
const INNER_MARK_SCOPE = ':scope > *, :scope > * > *';

export interface MineInference {
  /** The compound part that marks your messages, e.g. `.cs-message--outgoing` or `[data-author="me"]`. */
  mark: string;
  /** Levels above the message where the mark sits (0: on the message). */
  level: number;
  /** Your messages. */
  mine: Element[];
}

interface Mark {
  css: string;
  weight: number;
  has(el: Element): boolean;
}

function marksOf(el: Element): Mark[] {
  const marks: Mark[] = [];
  for (const c of new Set(el.classList)) {
    const kind = nameKind(c);
    if (kind === 'hashed' || STATE_WORD.test(c) || TRANSITION_CLASS.test(c)) continue;
    marks.push({ css: `.${cssIdent(c)}`, weight: WEIGHT[kind], has: (x) => x.classList.contains(c) });
  }
  for (const a of el.attributes) {
    if (!(a.name.startsWith('data-') || AUTHOR_ATTRS.has(a.name)) || PER_ELEMENT_ATTR.test(a.name)) continue;
    if (a.value.length > MAX_ATTR_VALUE_CHARS || /\d{3,}/.test(a.value)) continue;
    marks.push({ css: `[${a.name}=${attrValue(a.value)}]`, weight: WEIGHT.stable, has: (x) => x.getAttribute(a.name) === a.value });
  }
  return marks;
}

const up = (el: Element, levels: number): Element | null => {
  let x: Element | null = el;
  for (let i = 0; i < levels && x; i++) x = x.parentElement;
  return x;
};

/**
 * What marks your messages apart from the others, wherever it sits: on the message (`.msg.out`) or on a group
 * around it (`.group[data-author=me] .msg`). Of the marks on the clicked message and its ancestors below the list,
 * those that split the messages into some but not all, with the clicked one among them; the best is a named class
 * or data attribute, whose complement shares a mark of its own, nearest the message.
 */
export function inferMine(inf: MessageInference, mineClicked: Element): MineInference | null {
  const { units } = inf;
  let best: (MineInference & { score: number }) | null = null;
  for (let level = 0; level < inf.levels.length; level++) {
    const at = (u: Element) => up(u, level);
    const anchor = at(mineClicked);
    if (!anchor) continue;
    for (const mark of marksOf(anchor)) {
      const mine = units.filter((u) => {
        const a = at(u);
        return a !== null && mark.has(a);
      });
      if (mine.length === 0 || mine.length === units.length || !mine.includes(mineClicked)) continue;
      const others = units.filter((u) => !mine.includes(u)).map(at);
      const first = others[0];
      const theirMark = first
        ? marksOf(first).find((m) => others.every((o) => o && m.has(o)) && !mine.some((u) => m.has(at(u) ?? u)))
        : undefined;
      const score = mark.weight + (theirMark ? PARTITION_BONUS : 0) - LEVEL_PENALTY * level;
      if (!best || score > best.score) best = { mark: mark.css, level, mine, score };
    }
  }
  // A mark inside the message (react-chat-elements' `.rce-mbox-right`, vue-advanced-chat's `.vac-offset-current`).
  for (const inner of mineClicked.querySelectorAll(INNER_MARK_SCOPE)) {
    for (const mark of marksOf(inner)) {
      const mine = units.filter((u) => u.querySelector(mark.css) !== null);
      if (mine.length === 0 || mine.length === units.length || !mine.includes(mineClicked)) continue;
      const score = mark.weight - INNER_PENALTY;
      if (!best || score > best.score) best = { mark: `:has(${mark.css})`, level: 0, mine, score };
    }
  }
  return best && { mark: best.mark, level: best.level, mine: best.mine };
}

/** The selector for your messages: the message selector with the mark on it, or on the level above where it sits. */
export function mineSelector(listSel: string, inf: MessageInference, m: MineInference): string {
  const sels = inf.levels.map((l) => l.selector);
  const at = sels.length - 1 - m.level;
  if (inf.tail.startsWith(' >')) return `${listSel} > ${sels.map((s, i) => (i === at ? `${s}${m.mark}` : s)).join(' > ')}`;
  if (m.level === 0) return `${listSel}${inf.tail}${m.mark}`;
  return `${listSel} ${sels[at] ?? '*'}${m.mark} ${sels[sels.length - 1] ?? '*'}`;
}
