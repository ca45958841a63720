import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import { v7 as uuidv7 } from 'uuid';
import { ClientMessageSchema } from '../../lib/pilot/protocol';
import {
  MAX_ACT_CHARS,
  MAX_ACTS_PER_MESSAGE,
  MAX_CATEGORY_CHARS,
  MAX_CLIENT_MESSAGE_BYTES,
  MAX_MESSAGE_CHARS,
  MAX_OFFERED_CATEGORIES,
  MAX_PRODUCT_ID_CHARS,
  MAX_REASON_CHARS,
} from '../../lib/pilot/limits';
import { MAX_SHARED_PRODUCTS, SHARED_PRODUCT_MAX_CHARS } from '../../lib/limits';
import { describeIssues } from '../../lib/validation';
import { isStorableText } from '../../lib/text/unicode';

const id = uuidv7();
const shareId = uuidv7();
/** Valid messages, one of each kind with every free text field, and where each of those fields is. */
const samples: { message: Record<string, unknown>; fields: string[] }[] = [
  {
    message: { type: 'say', id, text: 'Hello', acts: ['greet'], voice: { raw: 'hello', edited: 'Hello' } },
    fields: ['text', 'acts.0', 'voice.raw', 'voice.edited'],
  },
  { message: { type: 'offer', id, categories: ['lego'] }, fields: ['categories.0'] },
  { message: { type: 'pick', id, category: 'lego' }, fields: ['category'] },
  {
    message: {
      type: 'share',
      id,
      productIds: ['lego-0001'],
      products: [{ id: 'P1', title: 'Castle', brand: 'Shop', description: 'Big', image: 'data:image/png;base64,AAAA', source: 'json-ld' }],
      message: 'Look',
    },
    fields: [
      'productIds.0',
      'message',
      'products.0.id',
      'products.0.title',
      'products.0.brand',
      'products.0.description',
      'products.0.image',
    ],
  },
  { message: { type: 'guess', id, productId: 'lego-0001' }, fields: ['productId'] },
  { message: { type: 'confirm', id, accepted: false, reason: 'Too big' }, fields: ['reason'] },
  { message: { type: 'hover', id, shareId, productId: 'lego-0001', dwellMs: 300 }, fields: ['productId'] },
];

/** A copy of `message` with `bad` put into the string at `path`. */
function withText(message: Record<string, unknown>, path: string, bad: string): Record<string, unknown> {
  const copy = structuredClone(message);
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  const last = keys.at(-1) as string;
  at[last] = `${String(at[last])}${bad}`;
  return copy;
}

describe('the pilot protocol', () => {
  it('refuses a NUL or a lone surrogate in every free text field, naming the field', () => {
    for (const { message, fields } of samples) {
      expect(v.safeParse(ClientMessageSchema, message).success, JSON.stringify(message)).toBe(true);
      for (const field of fields) {
        for (const [bad, why] of [
          ['\u0000', 'must not contain a NUL character (U+0000)'],
          ['\uD83D', 'must not contain a lone surrogate'],
          ['\uDC5F!', 'must not contain a lone surrogate'],
        ] as const) {
          const r = v.safeParse(ClientMessageSchema, withText(message, field, bad));
          expect(r.success, `${String(message.type)}.${field} with ${JSON.stringify(bad)}`).toBe(false);
          expect(describeIssues(r.issues ?? [])).toContain(`${field}: ${why}`);
        }
      }
    }
  });

  it('takes a say exactly when its text is storable, not blank and within the limit', () => {
    const piece = fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom('\u0000', '\uD83D', '\uDC5F', '👟', ' '));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const text = pieces.join('');
        const trimmed = text.trim();
        const ok = v.safeParse(ClientMessageSchema, { type: 'say', id, text }).success;
        expect(ok).toBe(isStorableText(text) && trimmed.length >= 1 && trimmed.length <= MAX_MESSAGE_CHARS);
      }),
    );
  });

  it('fits the largest message it accepts, as a page sends it, in MAX_CLIENT_MESSAGE_BYTES', () => {
    // '€' is 3 bytes of UTF-8: the most a UTF-16 code unit takes.
    const wide = (n: number) => '€'.repeat(n);
    const M = SHARED_PRODUCT_MAX_CHARS;
    const product = {
      id: wide(M.id),
      title: wide(M.title),
      brand: wide(M.brand),
      description: wide(M.description),
      price: 123456789.123456,
      currency: 'EUR',
      image: `data:image/svg+xml,${wide(M.image - 'data:image/svg+xml,'.length)}`,
      url: `https://shop.example/${'p'.repeat(M.url - 'https://shop.example/'.length)}`,
      source: 'microdata',
    };
    const largest = [
      { type: 'share', id, products: Array(MAX_SHARED_PRODUCTS).fill(product), message: wide(MAX_MESSAGE_CHARS), from: 'profile_search' },
      {
        type: 'say',
        id,
        text: wide(MAX_MESSAGE_CHARS),
        acts: Array(MAX_ACTS_PER_MESSAGE).fill(wide(MAX_ACT_CHARS)),
        composeMs: Number.MAX_SAFE_INTEGER,
        voice: { raw: wide(MAX_MESSAGE_CHARS), edited: wide(MAX_MESSAGE_CHARS) },
      },
      { type: 'offer', id, categories: Array(MAX_OFFERED_CATEGORIES).fill(wide(MAX_CATEGORY_CHARS)) },
      { type: 'confirm', id, accepted: false, reason: wide(MAX_REASON_CHARS) },
      { type: 'hover', id, shareId, productId: wide(MAX_PRODUCT_ID_CHARS), dwellMs: 3_600_000 },
    ];
    for (const m of largest) {
      const r = v.safeParse(ClientMessageSchema, m);
      expect(r.success, `${m.type}: ${describeIssues(r.issues ?? [])}`).toBe(true);
      expect(Buffer.byteLength(JSON.stringify(m)), m.type).toBeLessThanOrEqual(MAX_CLIENT_MESSAGE_BYTES);
    }
    // One character more anywhere is refused by the schema, not by the frame limit.
    expect(v.safeParse(ClientMessageSchema, { ...largest[0], message: wide(MAX_MESSAGE_CHARS + 1) }).success).toBe(false);
  });
});
