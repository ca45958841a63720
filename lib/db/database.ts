import Dexie, { type EntityTable } from 'dexie';
import type { FwEvent } from '../events/event-schema';
import type { Catalog, Product } from '../catalog/catalog-schema';
import type { EngineSnapshot } from '../search/engine';
import type { ConversationProfile, ProfileEntry } from '../profile/profile-schema';

/** IndexedDB database name; only extension pages and the background open it, never a content script. */
export const DB_NAME = 'floorwalker';

/** Sync state as a number because IndexedDB cannot index booleans. Rejected: the server refused it (kept, not resent). */
export const SyncState = { pending: 0, synced: 1, rejected: 2 } as const;
export type SyncStateValue = (typeof SyncState)[keyof typeof SyncState];

export type StoredEvent = FwEvent & { syncState: SyncStateValue; storedAt: number; syncedAt?: number; syncError?: string };

export interface ConversationRow {
  id: string;
  study: string;
  startedAt: number;
  lastEventAt: number;
  url: string | null;
}

/** Which catalog is active; `version` keys its persisted search snapshot. */
export interface CatalogMetaRow {
  key: string;
  version: string;
  source: 'default' | 'import';
  name: string;
  count: number;
  updatedAt: number;
  categories: Catalog['categories'];
  personas: Catalog['personas'];
  /** The catalog's own attribute labels, when it has them (lib/catalog/attribute-labels.ts). */
  attributes?: Catalog['attributes'];
}

export interface SnapshotRow {
  version: string;
  snapshot: EngineSnapshot;
  /**
   * The category labels the index was built with (a label's words are indexed with its products), for a snapshot
   * an import staged: the commit takes it only if they are the labels the catalog will have.
   */
  labels?: Record<string, string>;
}

/**
 * A product of one catalog version. Every catalog is stored under its own version, so an import writes its
 * products once, where the commit adopts them: Replace only flips the active catalog row (catalogMeta), and the
 * versions nothing uses any more are deleted afterwards (lib/catalog/catalog-products.ts).
 */
export interface CatalogProductRow {
  catalog: string;
  id: string;
  product: Product;
}

/** A conversation's Buyer profile (LAPS's preference memory), suggestions and confirmed items. */
export type ProfileRow = ConversationProfile & { conversation: string; updatedAt: number };

/** What a Buyer confirmed in earlier conversations, offered again in their later ones. */
export interface BuyerRow {
  id: string;
  name: string;
  items: ProfileEntry[];
  updatedAt: number;
}

export interface SettingRow {
  key: string;
  value: unknown;
}

/**
 * Versions, oldest first. Never edit a shipped version: add a new one with an upgrade.
 * v1: events by conversation and time.
 * v2: events gain sync state (for the uploader) and an [action+time] index (for the data browser);
 *     v1 events are marked pending, since none of them had been uploaded.
 * v3: the catalog (products, which catalog is active), persisted search snapshots for fast cold starts, and
 *     staged products of imports in progress.
 * v4: Buyer profiles per conversation, and what each Buyer confirmed, across conversations.
 * v6: products keyed by catalog version ([catalog+id]) instead of one products table plus a staging table: an
 *     import writes its products once, and committing it flips the active catalog instead of copying 100,000
 *     rows. The active catalog's products move over; staged rows of unfinished imports are dropped.
 *     (v5 is another change's; v6 lists only the tables it changes, so it keeps whatever v5 declares.)
 */
export const STORES_V1 = {
  events: 'id, conversation, time',
  conversations: 'id, startedAt',
  settings: 'key',
} as const;

export const STORES_V2 = {
  events: 'id, conversation, time, syncState, [action+time], [syncState+time]',
  conversations: 'id, startedAt, lastEventAt',
  settings: 'key',
} as const;

export const STORES_V3 = {
  ...STORES_V2,
  products: 'id, category',
  catalogMeta: 'key',
  searchSnapshots: 'version',
  stagedProducts: '[importId+id], importId',
} as const;

export const STORES_V4 = {
  ...STORES_V3,
  profiles: 'conversation, updatedAt',
  buyers: 'id, updatedAt',
} as const;

export const STORES_V6 = {
  catalogProducts: '[catalog+id]',
  products: null,
  stagedProducts: null,
} as const;

export class FloorwalkerDb extends Dexie {
  events!: EntityTable<StoredEvent, 'id'>;
  conversations!: EntityTable<ConversationRow, 'id'>;
  settings!: EntityTable<SettingRow, 'key'>;
  catalogProducts!: Dexie.Table<CatalogProductRow, [string, string]>;
  catalogMeta!: EntityTable<CatalogMetaRow, 'key'>;
  searchSnapshots!: EntityTable<SnapshotRow, 'version'>;
  profiles!: EntityTable<ProfileRow, 'conversation'>;
  buyers!: EntityTable<BuyerRow, 'id'>;

  constructor(name: string = DB_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores(STORES_V1);
    this.version(2)
      .stores(STORES_V2)
      .upgrade(async (tx) => {
        const now = Date.now();
        await tx
          .table('events')
          .toCollection()
          .modify((e: Partial<StoredEvent>) => {
            e.syncState ??= SyncState.pending;
            e.storedAt ??= e.time ?? now;
          });
        await tx
          .table('conversations')
          .toCollection()
          .modify((c: Partial<ConversationRow>) => {
            c.lastEventAt ??= c.startedAt ?? now;
          });
      });
    this.version(3).stores(STORES_V3);
    this.version(4).stores(STORES_V4);
    this.version(6)
      .stores(STORES_V6)
      .upgrade(async (tx) => {
        // 'active' is ACTIVE_CATALOG_KEY written out: a shipped upgrade must not change with later code.
        const active = (await tx.table('catalogMeta').get('active')) as CatalogMetaRow | undefined;
        if (!active) return;
        const products = (await tx.table('products').toArray()) as Product[];
        await tx.table('catalogProducts').bulkPut(products.map((product) => ({ catalog: active.version, id: product.id, product })));
      });
  }
}
