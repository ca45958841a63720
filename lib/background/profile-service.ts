import * as v from 'valibot';
import { activeCatalog } from '../catalog/store';
import { readCatalogProducts } from '../catalog/catalog-products';
import type { FloorwalkerDb } from '../db/database';
import { parseOrThrow } from '../validation';
import { addExtracted, applyOp, buyerId, ProfileOpSchema, updateMemory, type ProfileChange } from '../profile/memory';
import { ConversationProfileSchema, EMPTY_PROFILE, type ConversationProfile, type ProfileEntry } from '../profile/profile-schema';
import { vocabularyFromCatalog, type ProfileVocabulary } from '../profile/vocabulary';
import { ensureLexicon } from '../profile/lexicon';
import type { Extracted } from '../rpc/types';

/**
 * The extractor's module is evaluated at its first use rather than when the worker starts (an MV3 worker cannot load
 * code at run time: the bundler keeps it in the background script and runs it on this first import), and the English
 * lexicon it reads is data, fetched and parsed then too (lib/profile/lexicon.ts): a restarted worker answers the
 * overlay's first calls before any Buyer message needs reading.
 */
const loadExtractor = () => import('../profile/extract').then((m) => m.extractProfile);

/** Where the lexicon file comes from: the background fetches the one shipped with the extension. */
export type ReadLexicon = () => Promise<unknown>;
const NO_LEXICON_SOURCE: ReadLexicon = () => Promise.reject(new Error('No lexicon source: the profile service was made without one'));

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const ExtractRequestSchema = v.object({
  conversation: Text(100),
  text: Text(10_000),
  messageId: v.nullable(Text(100)),
  category: v.nullable(Text(64)),
});

/**
 * Buyer profiles in the background: extraction against the active catalog's vocabulary, the conversation's
 * profile, and each Buyer's confirmed items across conversations. All state is in IndexedDB; the vocabulary
 * and the lexicon (read with `readLexicon`) are caches rebuilt after the worker restarts.
 */
export function createProfileService(db: FloorwalkerDb, readLexicon: ReadLexicon = NO_LEXICON_SOURCE) {
  let vocab: { version: string; vocab: Promise<ProfileVocabulary> } | null = null;

  async function vocabulary(): Promise<ProfileVocabulary> {
    const version = (await activeCatalog(db))?.version ?? '';
    if (vocab?.version !== version) {
      // Product names are told from English words by the lexicon, so it is loaded first.
      const made = Promise.all([readCatalogProducts(db, version), ensureLexicon(readLexicon)]).then(([products]) =>
        vocabularyFromCatalog(products),
      );
      const entry = { version, vocab: made };
      vocab = entry;
      // A failed read is not kept: the next call tries again.
      made.catch(() => {
        if (vocab === entry) vocab = null;
      });
    }
    return vocab.vocab;
  }

  async function load(conversation: string): Promise<ConversationProfile> {
    const row = await db.profiles.get(conversation);
    const parsed = v.safeParse(ConversationProfileSchema, row);
    return parsed.success ? parsed.output : EMPTY_PROFILE;
  }

  async function save(conversation: string, profile: ConversationProfile): Promise<void> {
    await db.profiles.put({ ...profile, conversation, updatedAt: Date.now() });
  }

  async function memoryOf(buyer: string | null): Promise<ProfileEntry[]> {
    return buyer ? ((await db.buyers.get(buyerId(buyer)))?.items ?? []) : [];
  }

  async function apply(conversation: string, input: unknown): Promise<{ profile: ConversationProfile; change: ProfileChange }> {
    const op = parseOrThrow(ProfileOpSchema, input, 'Invalid profile change');
    return db.transaction('rw', db.profiles, db.buyers, async () => {
      const current = await load(conversation);
      const memory = await memoryOf(op.op === 'set_buyer' ? op.buyer : current.buyer);
      const { profile, change } = applyOp(current, op, Date.now(), memory);
      await save(conversation, profile);
      if (profile.buyer && (change.remember.length || change.forget.length)) {
        const id = buyerId(profile.buyer);
        const items = updateMemory(await memoryOf(profile.buyer), change);
        await db.buyers.put({ id, name: profile.buyer, items, updatedAt: Date.now() });
      }
      return { profile, change };
    });
  }

  return {
    vocabulary,

    /** A conversation's profile; a Buyer named by the chat page is set on first sight (bringing their earlier items). */
    async profile(conversation: string, buyer: string | null): Promise<ConversationProfile> {
      const current = await load(String(conversation));
      if (buyer && !current.buyer) return (await apply(conversation, { op: 'set_buyer', buyer })).profile;
      return current;
    },

    async extract(conversation: string, text: string, messageId: string | null, category: string | null): Promise<Extracted> {
      const input = parseOrThrow(ExtractRequestSchema, { conversation, text, messageId, category }, 'Invalid message to read');
      // Before the transaction, which must not wait on anything but the database.
      const [words, extractProfile] = await Promise.all([vocabulary(), loadExtractor(), ensureLexicon(readLexicon)]);
      return db.transaction('rw', db.profiles, async () => {
        const current = await load(input.conversation);
        const t0 = performance.now();
        const read = extractProfile(input.text, words, { category: input.category ?? current.category ?? null });
        const ms = performance.now() - t0;
        const { profile, added } = addExtracted(
          { ...current, category: input.category ?? current.category ?? read.category },
          read.items,
          input.messageId,
          Date.now(),
        );
        await save(input.conversation, profile);
        return { profile, items: read.items, added, category: profile.category ?? null, ms };
      });
    },

    update: apply,
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
