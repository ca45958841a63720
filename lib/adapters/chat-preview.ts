import { adapterFromConfig, type ChatMessage, type SiteChatConfigInput } from './chat';
import { containsDeep, deepSelectorError, queryAllDeep } from './deep-query';

/**
 * What a chat site's selectors find on an open chat, read with the adapter the content script uses: the options
 * page shows it beside each field while the participant types or picks, and refuses to save a configuration until
 * this dry run finds a chat it can coach (the list, messages of both kinds, the input, the send button, their text).
 */
export type SelectorField = 'messageList' | 'message' | 'mine' | 'text' | 'input' | 'send' | 'conversation' | 'buyer';

export const FIELD_LABELS: Record<SelectorField, string> = {
  messageList: 'Message list',
  message: 'One message',
  mine: 'Your messages',
  text: 'Message text',
  input: 'Message box',
  send: 'Send button',
  conversation: 'Conversation id',
  buyer: 'Buyer name',
};

const SELECTOR_FIELDS = Object.keys(FIELD_LABELS) as SelectorField[];

export interface ChatPreview {
  /** Elements each filled selector finds (deep selectors included); absent for empty fields. */
  found: Partial<Record<SelectorField, number>>;
  /** Why a filled selector cannot be used, per field. */
  errors: Partial<Record<SelectorField, string>>;
  /** Messages read by the adapter: yours, theirs, and how many of the found messages lie outside the list. */
  mine: number;
  theirs: number;
  outsideList: number;
  /** Messages whose text selector finds nothing (0 without a text selector). */
  textMissing: number;
  /** Why the content script's adapter could not read the messages found (it threw), or null. */
  adapterError: string | null;
  /** The last message as the adapter reads it. */
  last: Pick<ChatMessage, 'sender' | 'text'> | null;
}

/** Each filled field's elements, for counting and highlighting; a selector that cannot be read finds nothing. */
export function elementsByField(doc: Document, config: Partial<SiteChatConfigInput>): Partial<Record<SelectorField, Element[]>> {
  const out: Partial<Record<SelectorField, Element[]>> = {};
  for (const f of SELECTOR_FIELDS) {
    const sel = config[f]?.trim();
    if (!sel || deepSelectorError(sel, doc)) continue;
    if (f === 'text') {
      out.text = queryAllDeep(doc, config.message ?? '').flatMap((m) => [...m.querySelectorAll(sel)].slice(0, 1));
      continue;
    }
    out[f] = queryAllDeep(doc, sel);
  }
  return out;
}

export function previewChat(doc: Document, config: Partial<SiteChatConfigInput>): ChatPreview {
  const errors: ChatPreview['errors'] = {};
  for (const f of SELECTOR_FIELDS) {
    const sel = config[f]?.trim();
    const error = sel ? deepSelectorError(sel, doc) : null;
    if (sel && error) errors[f] = `“${sel}” ${error}`;
  }
  const els = elementsByField(doc, config);
  const found = Object.fromEntries(Object.entries(els).map(([k, v]) => [k, v.length])) as ChatPreview['found'];
  const preview: ChatPreview = { found, errors, mine: 0, theirs: 0, outsideList: 0, textMissing: 0, adapterError: null, last: null };
  const messages = els.message ?? [];
  const list = els.messageList?.[0];
  if (list) preview.outsideList = messages.filter((m) => !containsDeep(list, m)).length;
  if (config.text) preview.textMissing = messages.filter((m) => !m.querySelector(config.text ?? '')).length;
  if (messages.length === 0 || !config.mine || errors.mine || errors.message) return preview;
  try {
    const adapter = adapterFromConfig({ host: '', messageList: '', input: '', message: '', mine: '', ...config });
    for (const m of messages) {
      const read = adapter.readMessage(m);
      if (!read) continue;
      if (read.sender === 'seller') preview.mine++;
      else preview.theirs++;
      preview.last = { sender: read.sender, text: read.text };
    }
  } catch (e) {
    preview.adapterError = e instanceof Error ? e.message : String(e);
  }
  return preview;
}

/** "1 message", "3 messages". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** One line per field for the form: "12 messages", "5 yours, 7 theirs", "found", "not found". */
export function fieldSummary(p: ChatPreview, field: SelectorField): string | null {
  if (p.errors[field]) return p.errors[field] ?? null;
  const n = p.found[field];
  if (n === undefined) return null;
  switch (field) {
    case 'messageList':
      return n === 1 ? 'found' : n === 0 ? 'not found' : `finds ${n} elements`;
    case 'message':
      return `${plural(n, 'message')}${p.outsideList ? `, ${p.outsideList} outside the list` : ''}`;
    case 'mine':
      return p.adapterError ? `not read: ${p.adapterError}` : `${p.mine} yours, ${p.theirs} theirs`;
    case 'text':
      return p.last ? `last: “${p.last.text}”${p.textMissing ? ` (${p.textMissing} without text)` : ''}` : `${n} found`;
    default:
      return n === 1 ? 'found' : n === 0 ? 'not found' : `finds ${n} elements`;
  }
}

/** The whole preview in a line: "12 messages, 5 yours, 7 theirs, input found, send found". */
export function previewLine(p: ChatPreview): string {
  const parts = [plural(p.found.message ?? 0, 'message'), `${p.mine} yours`, `${p.theirs} theirs`];
  parts.push(`input ${(p.found.input ?? 0) > 0 ? 'found' : 'not found'}`);
  if (p.found.send !== undefined) parts.push(`send ${p.found.send > 0 ? 'found' : 'not found'}`);
  return parts.join(', ');
}

/**
 * Why the configuration cannot be saved yet, in the participant's words, or [] when the dry run passes: one list,
 * messages in it of both kinds, one input, the send button when one is set, the text of each message.
 */
export function dryRunProblems(p: ChatPreview, config: Partial<SiteChatConfigInput>): string[] {
  const out: string[] = [];
  for (const [f, e] of Object.entries(p.errors)) out.push(`${FIELD_LABELS[f as SelectorField]}: ${e}.`);
  const one = (f: SelectorField, what: string) => {
    const n = p.found[f] ?? 0;
    if (!config[f]?.trim()) out.push(`${FIELD_LABELS[f]} is needed.`);
    else if (p.errors[f]) return;
    else if (n === 0) out.push(`${FIELD_LABELS[f]} finds nothing on the tab: ${what}.`);
    else if (n > 1) out.push(`${FIELD_LABELS[f]} finds ${n} elements; it must find one.`);
  };
  one('messageList', 'pick the area that holds the messages');
  if (!config.message?.trim()) out.push(`${FIELD_LABELS.message} is needed.`);
  else if (!p.found.message) out.push(`${FIELD_LABELS.message} finds no messages on the tab.`);
  else if (p.outsideList) out.push(`${FIELD_LABELS.message} finds ${p.outsideList} messages outside the message list.`);
  if (!config.mine?.trim()) out.push(`${FIELD_LABELS.mine} is needed.`);
  else if (p.adapterError) out.push(`The chat adapter cannot read these messages: ${p.adapterError}`);
  else if (p.found.message && p.mine === 0) out.push(`No message of yours found: send one in this chat first, or pick one of yours again.`);
  else if (p.found.message && p.theirs === 0)
    out.push(`No message from the other person found: ${FIELD_LABELS.mine} matches every message.`);
  one('input', 'pick the box where you type');
  // Some chats (ChatUI) draw the send button only while there is something to send.
  if (config.send?.trim()) one('send', 'pick the send button (if it shows only while you type, type a letter in the chat first)');
  if (config.text?.trim() && p.textMissing) out.push(`${FIELD_LABELS.text} finds nothing in ${plural(p.textMissing, 'message')}.`);
  if (p.last && !p.last.text) out.push(`The last message reads as empty: check ${FIELD_LABELS.text}.`);
  return [...new Set(out)];
}
