import * as v from 'valibot';
import { SETTINGS_KEY, localStudyFields, type Settings } from '../settings';
import { loadSettings } from '../db/settings';
import { newId } from '../ids';
import { ConditionCodeSchema } from '../study/condition';
import { parseOrThrow } from '../validation';
import type { FloorwalkerDb } from '../db/database';
import { EMPTY_SYNC_STATUS, SYNC_STATUS_KEY } from './uploader';
import type { FetchLike } from './uploader';
import { COACHING_SCHEMA_KEY, parseCoachingSchema } from '../coach/coaching-schema';
import { endpointBase } from './endpoint';

const JoinAnswerSchema = v.object({
  study: v.object({
    id: v.string(),
    name: v.string(),
    keepUrlQuery: v.optional(v.boolean(), false),
    coachingSchema: v.optional(v.unknown()),
  }),
  participant: v.string(),
  role: v.picklist(['seller', 'buyer']),
  condition: ConditionCodeSchema,
  ingestToken: v.string(),
  ingestUrl: v.pipe(v.string(), v.url()),
});

/**
 * Joins a study with a participant code: the endpoint answers with the study, the participant's id, role and
 * condition, and an ingest token; from then on every event is logged under them and uploaded there.
 */
export async function joinStudy(db: FloorwalkerDb, base: string, code: string, fetchFn: FetchLike): Promise<Settings> {
  let origin: string;
  try {
    origin = endpointBase(base);
  } catch {
    throw new Error(`"${base}" is not an address (for example https://study.example.org)`);
  }
  let res: Awaited<ReturnType<FetchLike>>;
  try {
    res = await fetchFn(`${origin}/v1/join`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    });
  } catch (e) {
    throw new Error(`Could not reach ${origin}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  const body = (await res.json().catch(() => ({}))) as { error?: string };
  if (res.status !== 200) throw new Error(body.error ?? `The study server answered ${res.status}`);
  const j = parseOrThrow(JoinAnswerSchema, body, 'Unexpected answer from the study server');
  const schema = j.study.coachingSchema === undefined ? null : parseCoachingSchema(j.study.coachingSchema);
  if (schema && !schema.ok) throw new Error(`The study's coaching schema is invalid: ${schema.errors.join('; ')}`);
  const current = await loadSettings(db);
  const next: Settings = {
    ...current,
    study: j.study.id,
    participant: j.participant,
    role: j.role,
    condition: j.condition,
    keepUrlQuery: j.study.keepUrlQuery,
    endpoint: { base: origin, eventsUrl: j.ingestUrl, token: j.ingestToken, studyName: j.study.name, joinedAt: Date.now() },
  };
  await db.transaction('rw', db.settings, async () => {
    await db.settings.put({ key: SETTINGS_KEY, value: next });
    await db.settings.put({ key: SYNC_STATUS_KEY, value: EMPTY_SYNC_STATUS });
    if (schema?.ok) await db.settings.put({ key: COACHING_SCHEMA_KEY, value: schema.schema });
    else await db.settings.delete(COACHING_SCHEMA_KEY);
  });
  return next;
}

/**
 * Leaves the study: local-only logging under a fresh local id. Only what the study decided is put back (see
 * localStudyFields); consent, logging on or paused, allowed sites and the overlay stay the participant's. Events
 * already stored stay as they are.
 */
export async function leaveStudy(db: FloorwalkerDb): Promise<Settings> {
  return db.transaction('rw', db.settings, async () => {
    const current = await loadSettings(db);
    const next: Settings = { ...current, ...localStudyFields(current, `local-${newId()}`) };
    await db.settings.put({ key: SETTINGS_KEY, value: next });
    await db.settings.delete(COACHING_SCHEMA_KEY); // back to the default checklist
    return next;
  });
}
