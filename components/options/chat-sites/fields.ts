import type { SiteChatConfigInput } from '@/lib/adapters/chat';
import { FIELD_LABELS } from '@/lib/adapters/chat-preview';
import type { PickField } from '@/lib/adapters/pick/infer';

export type Field = Exclude<keyof SiteChatConfigInput, 'enterSends' | 'modEnterSends'>;

export interface FieldSpec {
  key: Field;
  label: string;
  hint: string;
  required: boolean;
  /** What the participant is asked to click when picking this field on the chat. */
  pick?: string;
}

/** The form's fields, with what each selector must match, in the order a participant finds them on the page. */
export const FIELDS: FieldSpec[] = [
  { key: 'host', label: 'Site', hint: 'chat.example.com', required: true },
  {
    key: 'messageList',
    label: FIELD_LABELS.messageList,
    hint: 'the element holding the messages, e.g. .chat-log',
    required: true,
    pick: 'anywhere in the list of messages',
  },
  {
    key: 'message',
    label: FIELD_LABELS.message,
    hint: 'each message inside the list, e.g. .chat-log > .bubble',
    required: true,
    pick: 'any message (its text, name or time)',
  },
  {
    key: 'mine',
    label: FIELD_LABELS.mine,
    hint: 'matches your own messages only, e.g. .bubble.outgoing',
    required: true,
    pick: 'one of your own messages',
  },
  {
    key: 'text',
    label: FIELD_LABELS.text,
    hint: 'inside a message, where its text is (optional)',
    required: false,
    pick: 'the text of a message',
  },
  {
    key: 'input',
    label: FIELD_LABELS.input,
    hint: 'where you type, e.g. textarea or [contenteditable]',
    required: true,
    pick: 'the box where you type',
  },
  { key: 'send', label: FIELD_LABELS.send, hint: 'optional when Enter sends', required: false, pick: 'the send button' },
  { key: 'idAttribute', label: 'Message id attribute', hint: 'e.g. data-id, for long lists that re-render (optional)', required: false },
  {
    key: 'conversation',
    label: FIELD_LABELS.conversation,
    hint: 'an element whose text or data-conversation names the chat (optional)',
    required: false,
    pick: 'what names this conversation',
  },
  {
    key: 'buyer',
    label: FIELD_LABELS.buyer,
    hint: 'an element showing the customer’s name (optional)',
    required: false,
    pick: 'the customer’s name',
  },
];

/** Fields whose value is a selector the page is searched with. */
export const isSelectorField = (k: Field): k is PickField => k !== 'host' && k !== 'idAttribute';

export const EMPTY_FORM: SiteChatConfigInput = {
  host: '',
  messageList: '',
  message: '',
  mine: '',
  input: '',
  enterSends: true,
  modEnterSends: true,
};
