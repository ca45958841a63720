import { cssIdent, usableClasses } from './names';
import { pathBelow } from './structure';

/** Text that reads as a time or date stamp: 10:01, 10:01 AM, 2024-05-01, "Yesterday". */
const TIME_LIKE =
  /^(?:\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?|\d{4}-\d{2}-\d{2}.*|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|yesterday|today|now|just now|\d+\s*(?:s|m|min|h|d)\s*ago)$/i;
/** Class words of a message's parts that are not its text. */
const NOT_TEXT =
  /(?:^|[-_])(?:name|author|sender|user|username|from|title|header|footer|meta|time|timestamp|date|status|avatar|reactions?|actions?|tools?)(?:$|[-_])/i;
/** Share of messages a text part must be found in. */
const MIN_PRESENCE = 0.6;

export interface TextInference {
  /** Selector inside a message for its text part. */
  selector: string;
  /** The text it reads from the clicked message. */
  sample: string;
}

const words = (el: Element | null): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Whether an element is a name, time or other part that is not the message's text. */
function isNotText(el: Element): boolean {
  if (el.localName === 'time' || [...el.classList].some((c) => NOT_TEXT.test(c))) return true;
  return TIME_LIKE.test(words(el));
}

/** The selectors a part of a message may be found by in each message: its tag with each stable class, else its tag. */
function partSelectors(el: Element): string[] {
  const tag = cssIdent(el.localName);
  const classes = usableClasses(el).map((c) => `${tag}.${cssIdent(c)}`);
  return classes.length > 0 ? classes : [tag];
}

/**
 * The part of a message holding its text, without the sender's name and the time: among the clicked message's
 * descendants (starting from the click, when it was on the text), the one found in most messages whose text varies
 * and that holds none of the name and time parts. Null when the message has no such part (its whole text is the text).
 */
export function inferText(units: Element[], unit: Element, clicked?: Element): TextInference | null {
  const parts = [...unit.querySelectorAll('*')];
  const junk = units.flatMap((u) => [...u.querySelectorAll('*')].filter(isNotText));
  if (junk.length === 0 && !clicked) return null;
  const holdsJunk = (selector: string) => units.some((u) => junk.some((j) => u.querySelector(selector)?.contains(j)));
  const order = clicked && clicked !== unit ? [...(pathBelow(unit, clicked) ?? []).reverse(), ...parts] : parts;
  let best: (TextInference & { score: number }) | null = null;
  for (const el of order) {
    if (isNotText(el) || !words(el)) continue;
    for (const selector of partSelectors(el)) {
      if (unit.querySelector(selector) !== el || holdsJunk(selector)) continue;
      const texts = units.map((u) => words(u.querySelector(selector))).filter((t) => t !== '');
      if (texts.length < units.length * MIN_PRESENCE) continue;
      const score = (new Set(texts).size / texts.length) * (texts.length / units.length) * texts.join('').length;
      if (el === clicked || (clicked && el.contains(clicked))) return { selector, sample: words(el) };
      if (!best || score > best.score) best = { selector, sample: words(el), score };
    }
  }
  const found = best?.selector;
  if (!best || units.every((u) => words(u.querySelector(found ?? '')) === words(u))) return null;
  return { selector: best.selector, sample: best.sample };
}
