import { ACTION_PAYLOADS, ACTIONS, EventSchema } from '../../lib/events/event-schema';
import {
  ACTION_DISCLOSURES,
  chromeDataTypes,
  ENVELOPE_DISCLOSURES,
  firefoxDataCollection,
  FIREFOX_TYPE_OF,
  type Disclosure,
} from '../../lib/privacy/disclosure';
import { maskPii } from '../../lib/privacy/text';
import { sanitizeUrl } from '../../lib/privacy/url';
import { TYPED_FIELDS } from '../../lib/logger/describe';
import { MAX_LABEL_CHARS, MAX_LISTING_VIEW_IDS, MAX_URL_CHARS, MIN_HOVER_MS } from '../../lib/limits';

/**
 * docs/privacy-policy.md, made from what the extension records: the event schema's envelope and actions with their
 * payload fields (read from the valibot schemas themselves), what each tells in the stores' data types
 * (lib/privacy/disclosure.ts), and the privacy rules shown by running them (the URL cleaner and the contact-detail
 * mask on examples). `npm run privacy-policy` writes it; tests/unit/privacy-policy.test.ts fails when the committed
 * file is out of step.
 */
export const POLICY_PATH = 'docs/privacy-policy.md';

/** The parts of a valibot schema the walk reads. */
interface SchemaNode {
  type: string;
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
  item?: SchemaNode;
  options?: SchemaNode[];
}

const WRAPPERS = new Set(['optional', 'nullable', 'nullish', 'exact_optional', 'undefinedable']);

/** Field paths of an object schema: `image.src`, `items[].label`; a `?` marks a field that may be left out. */
export function fieldPaths(schema: SchemaNode, prefix = ''): string[] {
  const entries = objectEntries(schema);
  return Object.entries(entries).flatMap(([name, field]) => {
    let node = field;
    let optional = false;
    while (WRAPPERS.has(node.type) && node.wrapped) {
      optional ||= node.type !== 'nullable';
      node = node.wrapped;
    }
    let path = `${prefix}${name}`;
    if (node.type === 'array' && node.item) {
      path += '[]';
      node = node.item;
    }
    const inner = Object.keys(objectEntries(node)).length ? fieldPaths(node, `${path}.`) : [];
    return [`${path}${optional ? '?' : ''}`, ...inner];
  });
}

/** An object's fields; a variant's are those of all its options. */
function objectEntries(schema: SchemaNode): Record<string, SchemaNode> {
  if (schema.entries) return schema.entries;
  if (schema.options) return Object.assign({}, ...schema.options.map((o) => objectEntries(o))) as Record<string, SchemaNode>;
  return {};
}

/** The envelope every event has: the first variant's fields but its action and payload. */
export function envelopeFields(): string[] {
  const first = (EventSchema as unknown as SchemaNode).options?.[0];
  return Object.keys(first?.entries ?? {}).filter((k) => k !== 'action' && k !== 'payload');
}

const code = (s: string) => `\`${s}\``;
const types = (d: Disclosure) =>
  d.chrome.length ? `${d.chrome.join(', ')} (${d.chrome.map((t) => code(FIREFOX_TYPE_OF[t])).join(', ')})` : 'none';
const cell = (s: string) => s.replace(/\|/g, '\\|');

const URL_EXAMPLES = [
  'https://jo:secret@shop.example/cart?email=jo%40mail.example&session=42#checkout',
  'mailto:jo@mail.example',
  'javascript:void(0)',
];
const TEXT_EXAMPLE = 'Call me on +1 (555) 123-4567 or at jo@mail.example';

export function privacyPolicyMarkdown(): string {
  const envelope = envelopeFields();
  const missing = envelope.filter((f) => !ENVELOPE_DISCLOSURES[f]);
  if (missing.length) throw new Error(`lib/privacy/disclosure.ts does not describe the envelope field(s) ${missing.join(', ')}`);
  const lines = [
    '# Floorwalker privacy policy',
    '',
    '<!-- Made by `npm run privacy-policy` from lib/events/event-schema.ts, lib/privacy/ and lib/logger/describe.ts; edit those, not this file. -->',
    '',
    'Floorwalker is a browser extension for research studies of coached selling conversations. It records what a',
    'participant does on chat and shop pages so that the researchers running a study can analyse it. This policy lists',
    'everything it records, made from the extension’s own event definitions, and the rules it keeps.',
    '',
    '## Who receives the data',
    '',
    '- Nothing is recorded until the participant agrees on the options page, and only on sites they allowed (the pilot',
    '  chat on their own computer is allowed from the start). Logging can be paused at any time.',
    '- Recorded events are kept in the browser’s extension storage (IndexedDB). They leave the browser only when the',
    '  participant joins a study, and then only to that study’s collection server, whose address the participant enters',
    '  and gives the browser permission to reach. That server is run by the researchers of the study, who are',
    '  responsible for what happens to the data there.',
    '- The extension sends nothing to its authors or to anyone else: no analytics, no advertising, no tracking, no sale',
    '  or transfer of data. It loads no code from the network.',
    '- The participant can see every stored event, export it (JSON Lines, CSV and conversation formats) and delete it on',
    '  the options page.',
    '',
    '## What every event holds',
    '',
    '| field | what it is | data type (Chrome Web Store, Firefox) |',
    '|---|---|---|',
    ...envelope.map((f) => {
      const d = ENVELOPE_DISCLOSURES[f] as Disclosure;
      return `| ${code(f)} | ${cell(d.what)} | ${types(d)} |`;
    }),
    '',
    '## The events',
    '',
    'Each event is one of these actions, with the fields listed (a `?` marks a field that may be absent).',
    '',
    '| action | when, and what it holds | fields | data type (Chrome Web Store, Firefox) |',
    '|---|---|---|---|',
    ...ACTIONS.map((a) => {
      const d = ACTION_DISCLOSURES[a];
      const fields = fieldPaths(ACTION_PAYLOADS[a] as unknown as SchemaNode);
      return `| ${code(a)} | ${cell(d.what)} | ${fields.map(code).join(', ')} | ${types(d)} |`;
    }),
    '',
    '## What is never recorded',
    '',
    '- Keystrokes. The only typed text recorded is what the participant writes to take part: chat messages once sent',
    '  (`utter`, `share`, `confirm`), searches in Floorwalker’s own catalog search box (`search`) and the Seller’s notes',
    '  on the Buyer’s preferences (`profile_update`).',
    `- Anything typed into page fields other than the chat’s message box: the text and value of`,
    `  ${TYPED_FIELDS.split(', ').map(code).join(', ')} elements are`,
    '  never read, nor the content of rich-text editors, so passwords, payment card fields and every other form field',
    `  stay out. A clicked control is described by its tag, id, role and a visible label of at most ${MAX_LABEL_CHARS} characters.`,
    '- Audio: with voice input only the transcript is kept.',
    '- Pages on sites the participant did not allow, and anything at all before consent or while logging is paused.',
    '- Pointer rests shorter than ' + `${MIN_HOVER_MS} ms, and more than ${MAX_LISTING_VIEW_IDS} products per listing view.`,
    '',
    '## How addresses and page text are cleaned',
    '',
    `Page and link addresses lose their user name and password, their query string and fragment (unless the study`,
    `allows queries), and are cut to ${MAX_URL_CHARS} characters; links that are not web pages keep only their kind.`,
    'Labels read from the page have e-mail addresses and phone numbers masked. The extension’s own code, on examples:',
    '',
    '| recorded as | from |',
    '|---|---|',
    ...URL_EXAMPLES.map((u) => {
      const kept = sanitizeUrl(u);
      return `| ${kept === null ? 'nothing (no address kept)' : code(kept)} | ${code(u)} |`;
    }),
    `| ${code(maskPii(TEXT_EXAMPLE))} | ${code(TEXT_EXAMPLE)} |`,
    '',
    '## Disclosures to the stores',
    '',
    `- Chrome Web Store, Privacy practices: ${chromeDataTypes().join(', ')}.`,
    `- Firefox, \`data_collection_permissions.required\` in the manifest: ${firefoxDataCollection().map(code).join(', ')}.`,
    '',
    '## Contact',
    '',
    'Questions about a study’s data go to the researchers who gave you the study code. Questions about the extension',
    'itself go to its maintainers through the project’s issue tracker.',
    '',
  ];
  return lines.join('\n');
}
