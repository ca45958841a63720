import { eventIdOf, validateEvent, type FwEvent } from '../events/event-schema';
import { parseOrThrow } from '../validation';
import { putEvents } from '../db/events';
import { loadSettings, setOverlayPlace, updateSettings } from '../db/settings';
import { overlayHostOf, placeForHost, type OverlayPrefs } from '../overlay/site-prefs';
import type { FloorwalkerDb } from '../db/database';
import type { ContentApi, LogResult } from '../rpc/api';
import type { ContentUiApi, RelayApi } from '../rpc/types';
import { productImageUrl } from '../catalog/images';
import { sharedFromCatalog } from '../share/items';
import { MAX_CONVERSATION_ID_CHARS, RPC_LOG_BATCH_LIMIT } from '../limits';
import { cleanText } from '../text/unicode';
import { isAllowedUrl } from '../sites/matches';
import { loggingOn, loggingState } from '../logging-switch';
import * as v from 'valibot';
import { CoachStateSchema, EMPTY_COACH_STATE, coachStateKey } from '../coach/state';
import type { SearchService } from './search-service';
import type { SyncService } from './sync-service';
import { createProfileService, type ProfileService } from './profile-service';
import { createSuggestService } from './suggest-service';
import { COACHING_SCHEMA_KEY, parseCoachingSchema } from '../coach/coaching-schema';
import { DEFAULT_COACHING_SCHEMA } from '../coach/default-schema';
import { LIVE_TOPICS } from '../live/change';
import type { RecordChange } from '../live/channel';
import { conversationOutcome } from '../live/outcome';

export const QUOTA_PAUSE_REASON =
  'This browser is out of storage space, so logging is paused. Free some space (or export and delete stored data), then resume logging.';

/** Dexie wraps the browser's QuotaExceededError; either may arrive. */
export function isQuotaError(e: unknown): boolean {
  for (let x: unknown = e; x && typeof x === 'object'; x = (x as { inner?: unknown }).inner) {
    if ((x as { name?: string }).name === 'QuotaExceededError') return true;
  }
  return false;
}

/** Which conversation a product page's events belong to: the one last opened in a chat tab. */
export const ACTIVE_CONVERSATION_KEY = 'activeConversation';

/** Everything a content script may call but the relay and the UI's injection, which the background adds per caller. */
export type SharedContentApi = Omit<ContentApi, keyof RelayApi | keyof ContentUiApi>;

export function createContentApi(
  db: FloorwalkerDb,
  search: SearchService,
  sync?: SyncService,
  profiles: ProfileService = createProfileService(db),
  /** Hears every site's overlay place after one changes (the background mirrors them for content scripts). */
  onOverlayPrefs: (prefs: OverlayPrefs) => void = () => undefined,
  /** Tells open contexts (popup, options page) that a conversation's outcome was stored (see lib/live). */
  changed: RecordChange = async () => undefined,
): SharedContentApi {
  const suggestions = createSuggestService(db, profiles);
  return {
    async getPageContext(url, conversation) {
      const settings = await loadSettings(db);
      // The page names its conversation, and every event from here on carries it: cleaned and cut to what an event takes.
      if (conversation) conversation = cleanText(String(conversation), MAX_CONVERSATION_ID_CHARS) || null;
      if (conversation) await db.settings.put({ key: ACTIVE_CONVERSATION_KEY, value: conversation });
      const active = conversation ?? ((await db.settings.get(ACTIVE_CONVERSATION_KEY))?.value as string | undefined) ?? null;
      return {
        logging: loggingOn(settings) && isAllowedUrl(url, settings.allowedHosts),
        consented: loggingState(settings) !== 'no-consent',
        study: settings.study,
        participant: settings.participant,
        role: settings.role,
        condition: settings.condition,
        conversation: active,
        keepUrlQuery: settings.keepUrlQuery,
        overlay: placeForHost(settings.overlay, overlayHostOf(url) ?? ''),
      };
    },

    async logEvents(input) {
      // Without consent, or paused, nothing is recorded, even from pages opened before.
      const settings = await loadSettings(db);
      const state = loggingState(settings);
      const refuse = state === 'no-consent' ? 'no consent to logging' : state === 'paused' ? 'logging is paused' : null;
      if (refuse) return { stored: [], rejected: (Array.isArray(input) ? input : []).map((e) => ({ id: eventIdOf(e), error: refuse })) };
      let result: LogResult;
      try {
        result = await storeEvents(
          db,
          input,
          settings.allowedHosts,
          settings.endpoint ? { study: settings.study, participant: settings.participant } : null,
        );
      } catch (e) {
        if (isQuotaError(e)) {
          // Out of space: pause and say so (popup, options page) instead of losing events without a word.
          await updateSettings(db, { loggingEnabled: false, pauseReason: QUOTA_PAUSE_REASON });
          throw new Error(QUOTA_PAUSE_REASON, { cause: e });
        }
        throw e;
      }
      if (result.stored.length) sync?.soon();
      const stored = new Set(result.stored);
      const outcome = stored.size && Array.isArray(input) ? conversationOutcome(input.filter((e) => stored.has(eventIdOf(e) ?? ''))) : null;
      if (outcome) await changed(LIVE_TOPICS.conversation, outcome);
      return result;
    },

    async setOverlayPrefs(url, place) {
      const host = overlayHostOf(String(url));
      if (!host) throw new Error('Overlay place: not a page URL');
      onOverlayPrefs(await setOverlayPlace(db, host, place));
    },

    async coachState(conversation) {
      const row = await db.settings.get(coachStateKey(String(conversation)));
      const parsed = v.safeParse(CoachStateSchema, row?.value);
      return parsed.success ? parsed.output : EMPTY_COACH_STATE;
    },
    async coachingSchema() {
      const stored = parseCoachingSchema((await db.settings.get(COACHING_SCHEMA_KEY))?.value);
      return stored.ok ? stored.schema : DEFAULT_COACHING_SCHEMA;
    },
    buyerProfile: (conversation, buyer) => profiles.profile(String(conversation), buyer),
    extractProfile: (conversation, text, messageId, category) => profiles.extract(conversation, text, messageId, category),
    updateProfile: (conversation, op) => profiles.update(String(conversation), op),
    suggestReplies: (request) => suggestions.suggest(request),

    async catalogProduct(id) {
      const p = await search.product(String(id));
      return p ? sharedFromCatalog({ ...p, image: productImageUrl(p, 0) }) : null;
    },

    async saveCoachState(conversation, state) {
      const parsed = parseOrThrow(CoachStateSchema, state, 'Invalid coaching state');
      await db.settings.put({ key: coachStateKey(String(conversation)), value: parsed });
    },

    search: (query) => search.search(query),
    catalogInfo: () => search.info(),
    facets: (category) => search.facets(category),
  };
}

/**
 * Validates and stores a batch. Answers only after the write has committed, so an acknowledged event is on
 * disk even if the worker is stopped the next moment. Invalid events are rejected with the field named, and so are
 * events from pages on sites not (or no longer) allowed, when `allowedHosts` is given.
 *
 * `uploadsAs` is the study this browser uploads to and the participant it uploads as (null when it has joined
 * none). An event of that study under another participant is this browser's copy of an event the study server
 * recorded itself (the pilot room's record of a Buyer message, seen on the Seller's page): it is kept as synced,
 * since the server has it and would refuse it from this participant.
 */
export async function storeEvents(
  db: FloorwalkerDb,
  input: unknown,
  allowedHosts?: readonly string[],
  uploadsAs: { study: string; participant: string } | null = null,
): Promise<LogResult> {
  if (!Array.isArray(input)) return { stored: [], rejected: [{ id: null, error: 'events must be an array' }] };
  if (input.length > RPC_LOG_BATCH_LIMIT) {
    return { stored: [], rejected: [{ id: null, error: `at most ${RPC_LOG_BATCH_LIMIT} events per batch (got ${input.length})` }] };
  }
  const valid: FwEvent[] = [];
  const rejected: LogResult['rejected'] = [];
  for (const item of input) {
    const result = validateEvent(item);
    if (!result.ok) rejected.push({ id: eventIdOf(item), error: result.error });
    // A page opened before its site was removed may still send; what it sends is not kept.
    else if (allowedHosts && result.event.url !== null && !isAllowedUrl(result.event.url, allowedHosts))
      rejected.push({ id: result.event.id, error: 'logging is not allowed on this site' });
    else valid.push(result.event);
  }
  const recordedByServer = (e: FwEvent) => uploadsAs !== null && e.study === uploadsAs.study && e.participant !== uploadsAs.participant;
  const stored = await putEvents(db, valid, Date.now(), recordedByServer);
  return { stored, rejected };
}
