import type { ChatAdapter } from '@/lib/adapters/chat';
import { startFeatures, type Feature } from '@/lib/features/run';
import type { AnyFeatureSpec, FeatureDeps } from './define-feature';

/** What the content script knows of its page when features start. */
export interface PageKind {
  /** The pilot chat's built-in adapter is on the page: seen at once, so chat features start without waiting. */
  builtInChat: boolean;
  /** The full answer, the chat adapter or null: a configured site's message list may render late. */
  adapter: Promise<ChatAdapter | null>;
}

type Named<Base> = AnyFeatureSpec<Base> & { name: string };

/**
 * Starts each feature on the pages its `matches` names, all at once and independently: one feature's failure is
 * reported (see startFeatures) and never stops the others. Resolves with the names of the features that failed.
 */
export function startPageFeatures<Base extends object>(
  features: readonly Named<Base>[],
  base: Base,
  page: PageKind,
  signal: AbortSignal,
  report?: (name: string, error: unknown) => void,
): Promise<string[]> {
  // Chat features await this only once the page is known to be a chat, where it resolves to the adapter; a
  // built-in chat always has one. It never settles elsewhere, and nothing waits on it there.
  const chatAdapter = page.adapter.then((a) => a ?? new Promise<never>(() => {}));
  const isChat = page.adapter.then((a) => a !== null);
  // One dependencies object per kind of page, each built once and shared by that kind's features.
  const forChat: FeatureDeps<Base, 'chat'> = { ...base, adapter: chatAdapter };
  const forProduct: FeatureDeps<Base, 'product'> = { ...base, adapter: Promise.resolve(null) };
  const forAny: FeatureDeps<Base, 'any'> = { ...base, adapter: page.adapter };
  const started = (f: Named<Base>): Feature<null> => ({
    name: f.name,
    async start(_none, signal) {
      switch (f.matches) {
        case 'chat':
          // No await on a built-in chat: the overlay mounts in the same task as the content script starts.
          if (page.builtInChat || (await isChat)) await f.start(forChat, signal);
          return;
        case 'product':
          if (!(await isChat)) await f.start(forProduct, signal);
          return;
        case 'any':
          await f.start(forAny, signal);
      }
    },
  });
  return startFeatures(features.map(started), null, signal, report);
}
