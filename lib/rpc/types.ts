import type { CatalogMetaRow } from '../db/database';
import type { SyncStatus } from '../sync/uploader';
import type { ConversationProfile, ProfileEntry, ProfileItem } from '../profile/profile-schema';
import type { SharedProduct } from '../storefront/product';
import type { ShareToChatResult } from './tab-messages';

// The data that crosses the RPC ports, beside the interfaces in ./api. They live here rather than in
// lib/background/* so that pages and content scripts can name them without importing the background's modules
// (which bring Dexie): type imports only, erased from every bundle.

export interface RelayApi {
  /** A chat tab says it is open (and, when it comes to the front, that it is the one in use). */
  registerChatTab(conversation: string | null, label: string): Promise<void>;
  /** A product page's "Share to chat": relayed to the chat tab used last. */
  shareToChat(product: SharedProduct, message?: string): Promise<ShareToChatResult>;
}

/** What the background does for the frame that calls: its tab and frame come from the port, never from the page. */
export interface ContentUiApi {
  /**
   * Injects the content script's UI script (entrypoints/content-ui) into the calling frame; resolves once it has run,
   * having handed the UI to the content script there.
   */
  loadContentUi(): Promise<void>;
}

/** Where the engine came from on this worker start (cheapest first, in the order they are tried). */
export type ColdStartMode = 'snapshot' | 'prebuilt' | 'build';

export interface CatalogInfo {
  version: string;
  name: string;
  source: CatalogMetaRow['source'];
  count: number;
  categories: CatalogMetaRow['categories'];
  /**
   * How the engine became ready on this worker start, and how long that took once the active catalog was known
   * (installing the default catalog on the very first start is not part of it).
   */
  coldStart: { mode: ColdStartMode; ms: number };
}

export interface SyncOverview {
  joined: boolean;
  study: string;
  studyName: string | null;
  endpoint: string | null;
  pending: number;
  /** Events set aside (refused by the server, or failed on again and again while it took others): kept, not resent. */
  rejected: number;
  /** Why the most recent of them was set aside, in plain words; null when none is. */
  lastRejection: string | null;
  status: SyncStatus;
}

export interface SiteStatus {
  host: string;
  /** In the manifest (the pilot chat on this computer): always there, needs no permission. */
  builtIn: boolean;
  /** The browser has given access; false when the participant took it back in the browser's own settings. */
  granted: boolean;
}

export interface Extracted {
  profile: ConversationProfile;
  /** Everything read from this message (also items the profile already held). */
  items: ProfileItem[];
  /** Entries this message added or changed. */
  added: ProfileEntry[];
  category: string | null;
  ms: number;
}

/** Asks for suggested replies; the background checks it against its schema (lib/background/suggest-service). */
export interface SuggestRequest {
  conversation: string;
  act: string;
  templates: string[];
  query: string;
}
