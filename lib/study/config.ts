import * as v from 'valibot';
import { DEFAULT_CATEGORIES } from '../catalog/catalog-schema';
import { ConditionCodeSchema, DEFAULT_CONDITION_CODE } from './condition';

/**
 * A study as researchers define it: which conditions participants are in (the paper's priming A-D × sharing
 * I-III × coaching × voice), how they are assigned, and what the pilot chat uses. Shared by the server, the
 * CLI and the extension.
 */
export const DEFAULT_MIN_TURNS = 5;

export const StudyConfigSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  conditions: v.optional(v.pipe(v.array(ConditionCodeSchema), v.minLength(1), v.maxLength(48)), [DEFAULT_CONDITION_CODE]),
  /** fixed: everyone gets the first condition; balanced: each new participant gets the least used one. */
  assignment: v.optional(v.picklist(['fixed', 'balanced']), 'fixed'),
  minTurns: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)), DEFAULT_MIN_TURNS),
  categories: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.regex(/^[a-z0-9_-]{1,64}$/))), v.minLength(1)),
    DEFAULT_CATEGORIES.map((c) => c.id),
  ),
  catalogVersion: v.optional(v.pipe(v.string(), v.maxLength(100)), 'default'),
  /** Keep URL query strings in logged URLs (off by default: they often hold personal data). */
  keepUrlQuery: v.optional(v.boolean(), false),
  /** A replacement coaching schema (validated by the coach module when it is used). */
  coachingSchema: v.optional(v.unknown()),
});
export type StudyConfigInput = v.InferInput<typeof StudyConfigSchema>;
export type StudyConfig = v.InferOutput<typeof StudyConfigSchema>;

export const ROLES_FOR_CODES = ['seller', 'buyer'] as const;
