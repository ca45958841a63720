import Dexie, { type EntityTable } from 'dexie';
import type { FwEvent } from '../events/event-schema';
import type { Catalog, Product } from '../catalog/catalog-schema';
import type { EngineSnapshot } from '../search/engine';
import type { ConversationProfile, ProfileEntry } from '../profile/profile-schema';

/** IndexedDB database name; only extension pages and the background open it, never a content script. */
export const DB_NAME = 'floorwalker';

/**
 * An event's sync state. Since v5 it is not stored on the event: an event is pending while its key is in the outbox
 * (lib/db/outbox.ts), rejected when it has `rejectedAt` (the server refused it: kept, not resent), synced otherwise.
 * The numbers are v2-v4's stored values.
 */
export const SyncState = { pending: 0, synced: 1, rejected: 2 } as const;
export type SyncStateValue = (typeof SyncState)[keyof typeof SyncState];

/**
 * An event as stored. `rejectedAt` is set only on refused events, so its index holds those alone. Rows written
 * before v5 also carry `syncState` and `syncedAt` (LegacySyncFields), which nothing reads any more: rewriting every
 * row to drop them would cost an upgrade as long as the uploads v5 makes cheap.
 */
export type StoredEvent = FwEvent & { storedAt: number; rejectedAt?: number; syncError?: string };
export interface LegacySyncFields {
  syncState?: number;
  syncedAt?: number;
}

/** A pending event's place in the upload queue: its participant, then time order. The event itself stays in `events`. */
export interface OutboxRow {
  study: string;
  participant: string;
  time: number;
  id: string;
}
export type OutboxKey = [study: string, participant: string, time: number, id: string];

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

/**
 * Products of one catalog version, a block of them per row (v8; lib/catalog/catalog-products.ts says why). A
 * block is keyed by its first product's id (unique within a version, as ids are, so writing the same batch again
 * overwrites it), and `keys` names each product it holds (productKey: version and id), a multiEntry index that
 * finds a product's block by id.
 */
export interface CatalogBlockRow {
  catalog: string;
  first: string;
  keys: string[];
  products: Product[];
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
 * v5: the outbox: pending events' keys, so an upload deletes small outbox rows instead of rewriting every event row
 *     and its indexes; refused events are indexed by `rejectedAt`. v4's pending events get outbox rows, its rejected
 *     ones `rejectedAt`, read by the old sync-state indexes (Dexie drops a version's removed indexes before its
 *     upgrade runs, hence two versions).
 * v6: the events' sync-state indexes are dropped: nothing writes or reads them.
 * v7: products keyed by catalog version ([catalog+id]) instead of one products table plus a staging table: an
 *     import writes its products once, and committing it flips the active catalog instead of copying 100,000
 *     rows. The active catalog's products move over; staged rows of unfinished imports are dropped.
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

export const STORES_V5 = {
  ...STORES_V4,
  events: 'id, conversation, time, syncState, [action+time], [syncState+time], rejectedAt',
  outbox: '[study+participant+time+id]',
} as const;

export const STORES_V6 = {
  ...STORES_V5,
  events: 'id, conversation, time, [action+time], rejectedAt',
} as const;

/** The outbox row of a pending event: everything its key needs, nothing else. */
export const outboxRowOf = (e: Pick<FwEvent, 'study' | 'participant' | 'time' | 'id'>): OutboxRow => ({
  study: e.study,
  participant: e.participant,
  time: e.time,
  id: e.id,
});
export const outboxKeyOf = (e: Pick<FwEvent, 'study' | 'participant' | 'time' | 'id'>): OutboxKey => [e.study, e.participant, e.time, e.id];

export const STORES_V7 = {
  ...STORES_V6,
  catalogProducts: '[catalog+id]',
  products: null,
  stagedProducts: null,
} as const;

export const STORES_V8 = {
  ...STORES_V7,
  catalogProducts: null,
  catalogBlocks: '[catalog+first], *keys',
} as const;

/** The schema version FloorwalkerDb opens at. */
export const LATEST_VERSION = 8;

export class FloorwalkerDb extends Dexie {
  events!: EntityTable<StoredEvent, 'id'>;
  conversations!: EntityTable<ConversationRow, 'id'>;
  settings!: EntityTable<SettingRow, 'key'>;
  catalogBlocks!: Dexie.Table<CatalogBlockRow, [string, string]>;
  catalogMeta!: EntityTable<CatalogMetaRow, 'key'>;
  searchSnapshots!: EntityTable<SnapshotRow, 'version'>;
  profiles!: EntityTable<ProfileRow, 'conversation'>;
  buyers!: EntityTable<BuyerRow, 'id'>;
  outbox!: Dexie.Table<OutboxRow, OutboxKey>;

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
          .modify((e: Partial<StoredEvent & LegacySyncFields>) => {
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
    this.version(5)
      .stores(STORES_V5)
      .upgrade(async (tx) => {
        const events = tx.table<StoredEvent & LegacySyncFields, string>('events');
        // A cursor, not toArray: a day's backlog of whole events need not be held at once, only their small keys.
        const pending: OutboxRow[] = [];
        await events
          .where('syncState')
          .equals(SyncState.pending)
          .each((e) => void pending.push(outboxRowOf(e)));
        await tx.table<OutboxRow, OutboxKey>('outbox').bulkPut(pending);
        await events
          .where('syncState')
          .equals(SyncState.rejected)
          .modify((e) => {
            e.rejectedAt ??= e.syncedAt ?? e.storedAt;
          });
      });
    this.version(6).stores(STORES_V6);
    this.version(7)
      .stores(STORES_V7)
      .upgrade(async (tx) => {
        // 'active' is ACTIVE_CATALOG_KEY written out: a shipped upgrade must not change with later code.
        const active = (await tx.table('catalogMeta').get('active')) as CatalogMetaRow | undefined;
        if (!active) return;
        const products = (await tx.table('products').toArray()) as Product[];
        await tx.table('catalogProducts').bulkPut(products.map((product) => ({ catalog: active.version, id: product.id, product })));
      });
    this.version(LATEST_VERSION)
      .stores(STORES_V8)
      .upgrade(async (tx) => {
        // Written out (50 a block, the key "<version>\u0000<id>"): a shipped upgrade must not change with later
        // code. Rows come in key order, so each version's products are consecutive, in id order.
        const rows = (await tx.table('catalogProducts').toArray()) as CatalogProductRow[];
        const blocks: CatalogBlockRow[] = [];
        let block: CatalogBlockRow | undefined;
        for (const { catalog, id, product } of rows) {
          if (!block || block.catalog !== catalog || block.products.length === 50) {
            block = { catalog, first: id, keys: [], products: [] };
            blocks.push(block);
          }
          block.keys.push(`${catalog}\u0000${id}`);
          block.products.push(product);
        }
        await tx.table('catalogBlocks').bulkPut(blocks);
      });
  }
}
