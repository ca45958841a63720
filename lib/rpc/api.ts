import type { CatalogInfo, ContentUiApi, Extracted, RelayApi, SiteStatus, SuggestRequest, SyncOverview } from './types';
import type { OpenedRoom } from '../pilot/protocol';
import type { Action, FwEvent } from '../events/event-schema';
import type { EventPage } from '../db/events';
import type { Settings, SettingsPatch } from '../settings';
import type { SearchQueryInput, SearchResponse } from '../search/query';
import type { Facets } from '../search/facets';
import type { CommitOptions } from '../catalog/import-store';
import type { CoachState } from '../coach/state';
import type { ConversationProfile } from '../profile/profile-schema';
import type { ProfileChange, ProfileOp } from '../profile/memory';
import type { Suggestion } from '../coach/suggest';
import type { CoachingSchema } from '../coach/coaching-schema';
import type { SiteChatConfig, SiteChatConfigInput } from '../adapters/chat';
import type { SharedProduct } from '../storefront/product';
import type { OverlayPlace } from '../overlay/site-prefs';

/**
 * Everything the background offers, one interface per channel (port). Content scripts get ContentApi only;
 * extension pages (popup, options) also get AdminApi, which can read and delete everything stored.
 */
// The RPC channels. Page events have a port of their own, without RPC (EVENT_PORT, lib/rpc/event-port.ts).
export const PORTS = {
  content: 'fw:content',
  admin: 'fw:admin',
} as const;
export type PortName = (typeof PORTS)[keyof typeof PORTS];

/** What a page needs to know to log: whether it may, and the context every event carries. */
export interface PageContext {
  logging: boolean;
  /** False until the participant has agreed to logging on the first-run screen. */
  consented: boolean;
  study: string;
  participant: string;
  role: Settings['role'];
  condition: string;
  conversation: string | null;
  keepUrlQuery: boolean;
  /** Where the overlay sits on this page's site. */
  overlay: OverlayPlace;
}

export interface LogResult {
  /** Ids now in IndexedDB (including ones stored by an earlier attempt). */
  stored: string[];
  /** Events that failed validation, with the reason; resending them will not help. */
  rejected: { id: string | null; error: string }[];
}

export interface ContentApi extends RelayApi, ContentUiApi {
  getPageContext(url: string, conversation: string | null): Promise<PageContext>;
  logEvents(events: unknown[]): Promise<LogResult>;
  /** Remembers where the overlay sits on the site of `url` (its hostname). */
  setOverlayPrefs(url: string, place: OverlayPlace): Promise<void>;
  /** Catalog search; waits for the index on a cold worker. */
  search(query: SearchQueryInput): Promise<SearchResponse>;
  catalogInfo(): Promise<CatalogInfo>;
  facets(category: string | null): Promise<Facets>;
  /** The coaching state of a conversation (empty for a new one). */
  coachState(conversation: string): Promise<CoachState>;
  saveCoachState(conversation: string, state: CoachState): Promise<void>;
  /** The study's coaching schema (the default Table 3 checklist when the study supplies none). */
  coachingSchema(): Promise<CoachingSchema>;
  /** A conversation's Buyer profile; `buyer` (when the page names the Buyer) brings their earlier confirmed items. */
  buyerProfile(conversation: string, buyer: string | null): Promise<ConversationProfile>;
  /** Reads a Buyer message for preferences and adds what it finds to the profile as suggestions. */
  extractProfile(conversation: string, text: string, messageId: string | null, category: string | null): Promise<Extracted>;
  /** The Seller confirms, edits, removes or adds an item, reuses or dismisses an earlier one, or names the Buyer. */
  updateProfile(conversation: string, op: ProfileOp): Promise<{ profile: ConversationProfile; change: ProfileChange }>;
  /** 3 to 5 replies for the chosen act: the Seller's own past messages with it, and filled templates. */
  suggestReplies(request: SuggestRequest): Promise<Suggestion[]>;
  /** A catalog product as a product to share, or null when the active catalog does not have it. */
  catalogProduct(id: string): Promise<SharedProduct | null>;
}

export interface StoreStatus {
  total: number;
  pending: number;
}

export interface AdminApi {
  getSettings(): Promise<Settings>;
  setConsent(consent: { agree: true; role: Settings['role'] } | { agree: false }): Promise<Settings>;
  updateSettings(patch: SettingsPatch): Promise<Settings>;
  listEvents(query: { action?: Action | undefined; offset: number; limit: number }): Promise<EventPage>;
  readEventsAfter(afterId: string | null, limit: number): Promise<FwEvent[]>;
  getStatus(): Promise<StoreStatus>;
  deleteAllData(): Promise<{ deleted: number }>;
  /** The active catalog; waits for the search index, so it also reports when a rebuild has finished. */
  catalogInfo(): Promise<CatalogInfo>;
  /** Stages a batch the page read itself (where its import worker could not start; the worker stages its own). */
  stageProducts(importId: string, products: unknown[]): Promise<{ staged: number }>;
  /** Makes the staged import active; `imported` is how many products it held. */
  commitImport(importId: string, options: CommitOptions): Promise<CatalogInfo & { imported: number }>;
  discardImport(importId: string): Promise<void>;
  restoreDefaultCatalog(): Promise<CatalogInfo>;
  /** Joins a study at an endpoint with a participant code (the page asks for host permission first). */
  joinStudy(endpoint: string, code: string): Promise<Settings>;
  leaveStudy(): Promise<Settings>;
  /** Uploads now, ignoring any backoff, and reports how it went. */
  syncNow(): Promise<SyncOverview>;
  syncOverview(): Promise<SyncOverview>;
  /** Opens a practice room with a simulated Buyer in `category` on the study server; the caller opens its Seller page. */
  startPractice(category: string): Promise<OpenedRoom>;
  /** Sites where logging is allowed. */
  listSites(): Promise<SiteStatus[]>;
  /** Adds a site; the page must have asked the browser for access first (only a page can show that prompt). */
  allowSite(site: string): Promise<SiteStatus[]>;
  /** Stops logging on a site and gives the browser's access to it back. */
  removeSite(host: string): Promise<SiteStatus[]>;
  /** Generic chat adapters, configured per site by CSS selectors. */
  listChatSites(): Promise<SiteChatConfig[]>;
  saveChatSite(config: SiteChatConfigInput): Promise<SiteChatConfig[]>;
  removeChatSite(host: string): Promise<SiteChatConfig[]>;
}

export interface ChannelApis {
  [PORTS.content]: ContentApi;
  [PORTS.admin]: AdminApi;
}
