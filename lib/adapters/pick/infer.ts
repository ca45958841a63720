import { plural } from '../chat-preview';
import { containsDeep, queryDeep } from '../deep-query';
import { inputOf, sendControlOf } from './controls';
import { inferMessageList } from './infer-list';
import { findsExactly, inferMessages, type MessageInference } from './infer-message';
import { inferMine, mineSelector } from './infer-mine';
import { inferText } from './infer-text';
import { hostOf } from '../deep-query';
import { rootOf, uniqueDeep } from './selector';

/**
 * From the element a participant clicked to the selector the chat site's form needs: the part meant, not the part
 * clicked (the list around the messages, the message around its time, the button around its icon), with selectors
 * for other empty fields it learned on the way (a click on a message also tells the list and the text part).
 */
export type PickField = 'messageList' | 'message' | 'mine' | 'text' | 'input' | 'send' | 'conversation' | 'buyer';

/** Selectors the form already holds, which a pick builds on (the list a message is in). */
export interface PickContext {
  messageList?: string;
}

export interface PickResult {
  selector: string;
  /** Other fields' selectors learned from the same click, for the form to fill where empty. */
  also: Partial<Record<PickField, string>>;
  /** Fields the form holds wrong, to replace: the message list, when the form's holds no repeated messages. */
  replace?: Partial<Record<PickField, string>>;
  /** What was inferred, in words: "12 messages", "5 of 12 messages are yours". */
  note: string;
}

export type PickOutcome = PickResult | { error: string };

/** The top document the picker can read from an element (through shadow hosts and readable frames). */
export function topDocumentOf(el: Element): Document {
  let root = rootOf(el);
  for (let host = hostOf(root); host; host = hostOf(root)) root = rootOf(host);
  return 'host' in root ? el.ownerDocument : root;
}

/** The form's message list, when it holds the click. */
function givenList(clicked: Element, context: PickContext): Element | null {
  if (!context.messageList) return null;
  try {
    const given = queryDeep(topDocumentOf(clicked), context.messageList);
    return given && containsDeep(given, clicked) ? given : null;
  } catch {
    return null; // an unreadable selector in the form: infer instead
  }
}

interface Messages {
  /** The form had a list that holds the click but no repeated messages: this one replaces it. */
  listReplaced?: boolean;
  listSel: string;
  listInferred: boolean;
  inf: MessageInference;
  messageSel: string;
}

function messagesIn(list: Element, listSel: string, listInferred: boolean, clicked: Element): Messages | { error: string } {
  const inf = inferMessages(list, clicked);
  if (!inf) return { error: 'No repeated messages found in that list: click on a message.' };
  const messageSel = `${listSel}${inf.tail}`;
  if (!findsExactly(topDocumentOf(clicked), messageSel, inf.units))
    return { error: `“${messageSel}” does not find the ${inf.units.length} messages alone.` };
  return { listSel, listInferred, inf, messageSel };
}

function messagesAt(clicked: Element, context: PickContext): Messages | { error: string } {
  const given = givenList(clicked, context);
  // The form's list, when it holds the click and messages repeat in it; else (a list picked wrong, say one message
  // row) the list inferred from this click.
  const fromGiven = given && context.messageList ? messagesIn(given, context.messageList, false, clicked) : null;
  if (fromGiven && !('error' in fromGiven)) return fromGiven;
  const list = inferMessageList(clicked);
  if (!list) return fromGiven ?? { error: 'No list of repeated messages around that click: click on a message in the chat.' };
  const inferred = messagesIn(list, uniqueDeep(list), true, clicked);
  return fromGiven && !('error' in inferred) ? { ...inferred, listReplaced: true } : inferred;
}

function pickMessages(field: 'messageList' | 'message' | 'mine' | 'text', clicked: Element, context: PickContext): PickOutcome {
  const m = messagesAt(clicked, context);
  if ('error' in m) return m;
  const { inf, listSel, messageSel } = m;
  const text = inferText(inf.units, inf.unit, field === 'text' ? clicked : undefined);
  const also: PickResult['also'] = { ...(m.listInferred ? { messageList: listSel } : {}), message: messageSel };
  if (text) also.text = text.selector;
  const count = plural(inf.units.length, 'message');
  const fix = m.listReplaced ? { replace: { messageList: listSel } } : {};
  switch (field) {
    case 'messageList':
      return { selector: listSel, also, note: `a list of ${count}` };
    case 'message':
      return { selector: messageSel, also, ...fix, note: `${count} in the list` };
    case 'text':
      return text
        ? { selector: text.selector, also, ...fix, note: `reads “${text.sample}”` }
        : { error: 'The message has no separate text part: leave Message text empty to read the whole message.' };
    case 'mine': {
      const mine = inferMine(inf, inf.unit);
      if (!mine) return { error: `Nothing marks that message apart from the other ${count}: is it one of yours?` };
      const selector = mineSelector(listSel, inf, mine);
      if (!findsExactly(topDocumentOf(clicked), selector, mine.mine)) return { error: `“${selector}” does not find your messages alone.` };
      return { selector, also, ...fix, note: `${mine.mine.length} of ${count} are yours` };
    }
  }
}

export function inferPick(field: PickField, clicked: Element, context: PickContext = {}): PickOutcome {
  switch (field) {
    case 'messageList':
    case 'message':
    case 'mine':
    case 'text':
      return pickMessages(field, clicked, context);
    case 'input':
      return { selector: uniqueDeep(inputOf(clicked)), also: {}, note: 'the message box' };
    case 'send':
      return { selector: uniqueDeep(sendControlOf(clicked)), also: {}, note: 'the send control' };
    case 'conversation':
    case 'buyer':
      return { selector: uniqueDeep(clicked), also: {}, note: 'one element' };
  }
}
