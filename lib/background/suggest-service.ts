import * as v from 'valibot';
import type { FloorwalkerDb } from '../db/database';
import { pastSellerMessages } from '../db/events';
import { suggestReplies, type Suggestion } from '../coach/suggest';
import { parseOrThrow } from '../validation';
import { COACH_SUGGESTION_HISTORY } from '../limits';
import type { ProfileService } from './profile-service';
import type { SuggestRequest } from '../rpc/types';

// Annotated with the wire type, so the schema and what callers send cannot drift apart.
const SuggestRequestSchema: v.GenericSchema<SuggestRequest> = v.object({
  conversation: v.pipe(v.string(), v.maxLength(100)),
  act: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
  templates: v.pipe(v.array(v.pipe(v.string(), v.maxLength(1000))), v.maxLength(20)),
  query: v.pipe(v.string(), v.maxLength(2000)),
});

/** Suggested replies for a chosen act, from the Seller's past messages in IndexedDB and the conversation's profile. */
export function createSuggestService(db: FloorwalkerDb, profiles: ProfileService) {
  return {
    async suggest(request: SuggestRequest): Promise<Suggestion[]> {
      const r = parseOrThrow(SuggestRequestSchema, request, 'Invalid suggestion request');
      const [past, profile] = await Promise.all([
        pastSellerMessages(db, r.act, COACH_SUGGESTION_HISTORY),
        profiles.profile(r.conversation, null),
      ]);
      return suggestReplies({ act: r.act, templates: r.templates, past, profile: profile.entries, query: r.query });
    },
  };
}
