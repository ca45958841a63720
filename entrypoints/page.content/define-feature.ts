import type { ChatAdapter } from '@/lib/adapters/chat';
import type { ContentDeps } from './deps';

/**
 * Which pages a feature starts on: `chat` the top frame's chat page (the pilot's or a site configured in the
 * options page), `product` every other page and frame (storefronts), `any` both.
 */
export type Matches = 'chat' | 'product' | 'any';

/** What a feature knows of its page's chat adapter: there is one on chat pages, none on the others. */
export interface AdapterOf {
  chat: ChatAdapter;
  product: null;
  any: ChatAdapter | null;
}

/** The dependencies a feature starts with: the content script's shared ones, and its page's chat adapter once known. */
export type FeatureDeps<Base, M extends Matches> = Base & { adapter: Promise<AdapterOf[M]> };

export interface FeatureSpec<M extends Matches, Base = ContentDeps> {
  matches: M;
  /** Sets the feature up; whatever it adds to the page or the browser goes when `signal` aborts. */
  start(deps: FeatureDeps<Base, M>, signal: AbortSignal): void | Promise<void>;
}

/** Any feature, told apart by its `matches`. */
export type AnyFeatureSpec<Base = ContentDeps> = { [M in Matches]: FeatureSpec<M, Base> }[Matches];

/** A file in `features/` default-exports one of these; its id is the file's name (see feature-list.ts). */
export function defineFeature<M extends Matches>(spec: FeatureSpec<M>): FeatureSpec<M> {
  return spec;
}
