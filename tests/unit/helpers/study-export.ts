import { makeEvent } from '../../../lib/events/build';
import type { FwEvent, PayloadOf } from '../../../lib/events/event-schema';
import type { ProfileItem } from '../../../lib/profile/profile-schema';

/**
 * A study export with known values, small enough to work every measure out by hand (the expected numbers are in
 * study-report.test.ts, each with its working). Six conversations over primings A, B and C (none in D):
 *
 *   conv  condition  category    turns (reached)  Seller hovers per turn  Buyer hovers per turn
 *   c1    A.Iu       lego        3 (3)            2, 0, 0 (+3 after the last turn, in no turn)   0, 0, 0
 *   c2    A.Iu       lego        2 (3)            2, 4, 1 (turn 3 is the Buyer's unanswered message)  0, 0, 0
 *   c3    B.IIc      books       3 (3)            0, 1, 5                 0, 1, 0
 *   c4    B.IIc+v    books       3 (3)            1, 1, 1                 0, 0, 0
 *   c5    B.IIIc     headphones  2 (2)            5, 5                    0, 0
 *   c6    C.IIu      (unknown)   5 (5)            0 ×5 (pictures that name no product only)  3, 0, 0, 0, 0
 */
const BASE_TIME = Date.UTC(2025, 5, 1);

type Step =
  | { buyer: string; voice?: boolean }
  | { seller: string; acts?: string[]; suggestion?: 'as_is' | 'edited' }
  | { sellerHovers: number; page?: boolean }
  | { pictureHovers: number }
  | { buyerHovers: number }
  | { share: PayloadOf<'share'>['mode']; products: number }
  | { guess: string }
  | { answer: boolean }
  | { category: string }
  | { extract: ProfileItem[] }
  | { update: PayloadOf<'profile_update'> };

class Builder {
  private time = BASE_TIME;
  readonly events: FwEvent[] = [];

  conversation(id: string, condition: string, steps: Step[]): this {
    const seller = { study: 'st-test', participant: `seller-${id}`, conversation: id, role: 'seller' as const, condition, url: null };
    const buyer = { ...seller, participant: `buyer-${id}`, role: 'buyer' as const };
    const add = (e: FwEvent) => this.events.push(e);
    const at = () => (this.time += 1000);
    for (const s of steps) {
      if ('buyer' in s) {
        const voice = s.voice ? { voice: { raw: s.buyer.toLowerCase(), edited: s.buyer } } : {};
        add(makeEvent(buyer, 'Buyer', 'utter', { text: s.buyer, ...voice }, at()));
      } else if ('seller' in s) {
        const suggestion = s.suggestion
          ? { suggestion: { id: 'sg', editDistance: s.suggestion === 'as_is' ? 0 : 4, usedAs: s.suggestion } }
          : {};
        add(makeEvent(seller, 'Seller', 'utter', { text: s.seller, ...(s.acts ? { acts: s.acts } : {}), ...suggestion }, at()));
      } else if ('sellerHovers' in s) {
        for (let i = 0; i < s.sellerHovers; i++)
          add(
            s.page
              ? makeEvent(
                  { ...seller, url: 'https://shop.example/p/9' },
                  'Page',
                  'hover',
                  { target: 'product_image', productId: 'p9', dwellMs: 500 },
                  at(),
                )
              : makeEvent(seller, 'Seller', 'hover', { target: 'result_image', productId: `p${i}`, dwellMs: 300 }, at()),
          );
      } else if ('pictureHovers' in s) {
        for (let i = 0; i < s.pictureHovers; i++)
          add(makeEvent({ ...seller, url: 'https://shop.example/' }, 'Page', 'hover', { target: 'image', dwellMs: 200 }, at()));
      } else if ('buyerHovers' in s) {
        for (let i = 0; i < s.buyerHovers; i++)
          add(makeEvent(buyer, 'Buyer', 'hover', { target: 'shared_card', productId: 'p1', dwellMs: 250 }, at()));
      } else if ('share' in s) {
        const productIds = Array.from({ length: s.products }, (_, i) => `p${i + 1}`);
        add(makeEvent(seller, 'Seller', 'share', { productIds, mode: s.share, from: 'search' }, at()));
      } else if ('guess' in s) add(makeEvent(seller, 'Seller', 'guess', { productId: s.guess }, at()));
      else if ('answer' in s) add(makeEvent(buyer, 'Buyer', 'confirm', { productId: 'p1', accepted: s.answer }, at()));
      else if ('category' in s)
        add(makeEvent(buyer, 'System', 'instruct', { text: `category=${s.category}; persona=${s.category}-1` }, at()));
      else if ('extract' in s)
        add(makeEvent(seller, 'System', 'profile_extract', { messageId: null, items: s.extract, category: null, ms: 1 }, at()));
      else add(makeEvent(seller, 'Seller', 'profile_update', s.update, at()));
    }
    return this;
  }
}

export function knownStudyEvents(): FwEvent[] {
  const b = new Builder();
  b.conversation('c1', 'A.Iu', [
    { category: 'lego' },
    { buyer: 'I need a lego set' }, // 5 words
    { sellerHovers: 2 },
    { seller: 'Sure, how old?' }, // 3; closes turn 1
    { buyer: 'He is six' }, // 3
    { seller: 'Try this one' }, // 3; closes turn 2
    { buyer: 'Something bigger please' }, // 3
    { share: 'I', products: 1 },
    { seller: 'Here is a big one' }, // 5; closes turn 3
    { sellerHovers: 3 }, // after the last turn, with no Buyer message: in no turn
    { guess: 'p1' },
    { answer: true },
  ]);
  b.conversation('c2', 'A.Iu', [
    { category: 'lego' },
    { buyer: 'Lego for my niece' }, // 4
    { sellerHovers: 2 },
    { seller: 'What age is she' }, // 4; closes turn 1
    { buyer: 'She is ten years old' }, // 5
    { sellerHovers: 2 },
    { sellerHovers: 2, page: true }, // product pictures on a shop page count too
    { seller: 'This castle is great' }, // 4; closes turn 2
    { buyer: 'Maybe' }, // 1; unanswered: turn 3 is reached
    { sellerHovers: 1 },
    { guess: 'p2' },
    { answer: false },
    { guess: 'p1' },
    { answer: true },
  ]);
  b.conversation('c3', 'B.IIc', [
    { category: 'books' },
    { seller: 'Hello there', acts: ['greet'] }, // 2; the Seller opens, still turn 1
    { buyer: 'A book for my dad' }, // 5
    {
      extract: [
        { slot: 'budget', max: 50 },
        { slot: 'brand', brand: 'Lego', like: true },
      ],
    },
    { seller: 'What does he like to read', acts: ['ask_use'], suggestion: 'as_is' }, // 6; closes turn 1
    { buyer: 'History mostly, under 60 dollars' }, // 5
    {
      extract: [
        { slot: 'budget', max: 60 },
        { slot: 'use', use: 'gaming' },
      ],
    },
    { buyerHovers: 1 },
    { sellerHovers: 1 },
    { share: 'II', products: 1 },
    { seller: 'How about this one?', acts: ['recommend', 'ask_budget'], suggestion: 'edited' }, // 4; closes turn 2
    { buyer: 'He has read it' }, // 4
    { sellerHovers: 5 },
    { share: 'II', products: 1 },
    { seller: 'Then this', acts: ['recommend'] }, // 2; closes turn 3
    { update: { op: 'confirm', key: 'budget', item: { slot: 'budget', max: 60 } } },
    {
      update: {
        op: 'edit',
        key: 'brand:lego',
        item: { slot: 'brand', brand: 'Lego', like: false },
        before: { slot: 'brand', brand: 'Lego', like: true },
      },
    },
    { update: { op: 'remove', key: 'use:gaming', before: { slot: 'use', use: 'gaming' } } },
    { update: { op: 'add', key: 'owned:old watch', item: { slot: 'owned', product: 'old watch' } } },
    { guess: 'p1' },
    { answer: false },
  ]);
  b.conversation('c4', 'B.IIc+v', [
    { category: 'books' },
    { buyer: 'I want a book for my son', voice: true }, // 7
    { sellerHovers: 1 },
    {
      extract: [
        { slot: 'recipient', who: 'son', age: 6 },
        { slot: 'feature', feature: 'format=hardcover', want: true },
      ],
    },
    { seller: 'How old is he', acts: ['ask_recipient'], suggestion: 'as_is' }, // 4; closes turn 1
    { buyer: 'Six', voice: true }, // 1
    { sellerHovers: 1 },
    { seller: 'Does he like animals', acts: ['ask_use'], suggestion: 'as_is' }, // 4; closes turn 2
    { buyer: 'Yes dinosaurs', voice: true }, // 2
    { sellerHovers: 1 },
    { seller: 'Try the dinosaur atlas', acts: ['recommend'] }, // 4; closes turn 3
    { update: { op: 'confirm', key: 'recipient', item: { slot: 'recipient', who: 'son', age: 6 } } },
    { update: { op: 'confirm', key: 'feature:format=hardcover', item: { slot: 'feature', feature: 'format=hardcover', want: true } } },
    { update: { op: 'remove', key: 'feature:format=hardcover', before: { slot: 'feature', feature: 'format=hardcover', want: true } } },
    { update: { op: 'reuse', key: 'brand:apple', item: { slot: 'brand', brand: 'Apple', like: true } } },
    { update: { op: 'dismiss', key: 'budget', item: { slot: 'budget', max: 20 } } },
    { guess: 'p3' },
  ]);
  b.conversation('c5', 'B.IIIc', [
    { category: 'headphones' },
    { buyer: 'Headphones for running' }, // 3
    { sellerHovers: 5 },
    { extract: [{ slot: 'owned', product: 'fitbit' }] },
    { seller: 'Wired or wireless?', acts: ['ask_features'] }, // 3; closes turn 1
    { buyer: 'Wireless' }, // 1
    { sellerHovers: 5 },
    { share: 'III', products: 3 },
    { share: 'II', products: 1 },
    { seller: 'Here are three', acts: ['recommend'] }, // 3; closes turn 2
  ]);
  b.conversation('c6', 'C.IIu', [
    { buyer: 'Dog food please' }, // 3
    { pictureHovers: 2 },
    { buyerHovers: 3 },
    { seller: 'Dry or wet' }, // 3; closes turn 1
    { buyer: 'Dry' }, // 1
    { seller: 'Big dog?' }, // 2; closes turn 2
    { buyer: 'Small' }, // 1
    { seller: 'Puppy?' }, // 1; closes turn 3
    { buyer: 'Adult' }, // 1
    { seller: 'Grain free?' }, // 2; closes turn 4
    { buyer: 'No' }, // 1
    { pictureHovers: 1 },
    { seller: 'This one' }, // 2; closes turn 5
    { guess: 'p5' },
    { answer: false },
    { guess: 'p6' },
  ]);
  return b.events;
}
