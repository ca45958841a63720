import * as v from 'valibot';
import { describeIssues } from '../validation';
import { MAX_COACH_ACTS } from '../limits';

/**
 * The coaching schema: the acts a coached Seller chooses from before each message (the paper's Table 3 by
 * default), which follow-ups unlock after which act, limits such as "ask the budget at most once", the transitions
 * used to suggest what to do next (as in the STAR paper's task schemas), and reply templates for suggestions.
 * One source of truth: the overlay, the background, the server (study configs) and the exports all read it here.
 */

/** What an act asks the Buyer about; once the Buyer has told it, asking again is not suggested. */
export const PROFILE_SLOTS = ['recipient', 'use', 'owned', 'features', 'duration', 'budget', 'brand'] as const;
export type ProfileSlot = (typeof PROFILE_SLOTS)[number];

const ActId = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,39}$/, 'an act id is lower-case letters, digits and _ (at most 40)'));

export const CoachActSchema = v.object({
  id: ActId,
  /** As shown and typed: "3", "3a". */
  number: v.pipe(v.string(), v.regex(/^[0-9]{1,2}[a-z]?$/, 'an act number is like 3 or 3a')),
  label: v.pipe(v.string(), v.minLength(1), v.maxLength(80)),
  hint: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
  /** A follow-up: available only once its parent act has been used. */
  parent: v.optional(ActId),
  /** How many times the act may be used in one conversation. */
  maxUses: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
  asks: v.optional(v.picklist(PROFILE_SLOTS)),
  /** A recommendation: suggested once enough is known about the Buyer. */
  recommends: v.optional(v.boolean()),
  /** Reply templates for suggestions; {slot} is filled from the Buyer's profile; a template with a blank the profile cannot fill is not offered. */
  templates: v.optional(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(500))), []),
});
export type CoachAct = v.InferOutput<typeof CoachActSchema>;

export const CoachingSchemaSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
    version: v.literal(1),
    acts: v.pipe(v.array(CoachActSchema), v.minLength(1), v.maxLength(MAX_COACH_ACTS)),
    /** Acts suggested to open the conversation. */
    start: v.pipe(v.array(ActId), v.minLength(1)),
    /** After an act, the acts that usually come next, best first. */
    transitions: v.optional(v.record(ActId, v.array(ActId)), {}),
    /** How many profile slots must be known before a recommendation is suggested. */
    recommendAfter: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(PROFILE_SLOTS.length)), 3),
  }),
  v.check((s) => new Set(s.acts.map((a) => a.id)).size === s.acts.length, 'two acts have the same id'),
  v.check((s) => new Set(s.acts.map((a) => a.number)).size === s.acts.length, 'two acts have the same number'),
);
export type CoachingSchema = v.InferOutput<typeof CoachingSchemaSchema>;

/** Where the joined study's coaching schema is kept (settings table); absent means the default checklist. */
export const COACHING_SCHEMA_KEY = 'coachingSchema';

export type SchemaResult = { ok: true; schema: CoachingSchema } | { ok: false; errors: string[] };

/** Validates a schema a study supplies: shape first, then that every act it names exists and follow-ups do not loop. */
export function parseCoachingSchema(input: unknown): SchemaResult {
  const parsed = v.safeParse(CoachingSchemaSchema, input);
  if (!parsed.success) return { ok: false, errors: [describeIssues(parsed.issues)] };
  const schema = parsed.output;
  const ids = new Set(schema.acts.map((a) => a.id));
  const errors: string[] = [];
  for (const a of schema.acts) {
    if (a.parent && !ids.has(a.parent)) errors.push(`act "${a.id}" follows "${a.parent}", which is not an act`);
    if (a.parent === a.id) errors.push(`act "${a.id}" follows itself`);
  }
  for (const id of schema.start) if (!ids.has(id)) errors.push(`start names "${id}", which is not an act`);
  for (const [from, tos] of Object.entries(schema.transitions)) {
    if (!ids.has(from)) errors.push(`transitions from "${from}", which is not an act`);
    for (const to of tos) if (!ids.has(to)) errors.push(`transition ${from} → "${to}" names no act`);
  }
  // Follow-up chains must end at an act anyone can choose, or those acts could never be unlocked.
  const byId = new Map(schema.acts.map((a) => [a.id, a]));
  for (const a of schema.acts) {
    const seen = new Set<string>();
    for (let cur: CoachAct | undefined = a; cur?.parent; cur = byId.get(cur.parent)) {
      if (seen.has(cur.id)) {
        errors.push(`follow-ups loop through "${a.id}"`);
        break;
      }
      seen.add(cur.id);
    }
  }
  return errors.length ? { ok: false, errors: [...new Set(errors)] } : { ok: true, schema };
}
