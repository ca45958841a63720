import * as v from 'valibot';
import { ROLES } from './events/event-schema';
import { ConditionCodeSchema, DEFAULT_CONDITION_CODE } from './study/condition';
import { DEFAULT_ALLOWED_HOSTS } from './sites/matches';
import { OverlayPrefsSchema, defaultOverlayPrefs } from './overlay/site-prefs';

/** Participant settings, kept in the `settings` table under SETTINGS_KEY. */
export const SETTINGS_KEY = 'participant';
export const LOCAL_STUDY = 'local';

export const SettingsSchema = v.object({
  study: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  participant: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  role: v.picklist(ROLES),
  condition: ConditionCodeSchema,
  loggingEnabled: v.boolean(),
  /** When the participant agreed to logging (first-run screen); nothing is logged before. */
  consentedAt: v.optional(v.nullable(v.number()), null),
  /**
   * The role the participant chose when agreeing. A study may give another (`role`); leaving the study goes back to
   * this one. Null for consent given before it was kept.
   */
  consentRole: v.optional(v.nullable(v.picklist(ROLES)), null),
  /** Why logging was paused by Floorwalker itself (e.g. the disk is full), shown to the participant. */
  pauseReason: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(300))), null),
  allowedHosts: v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(253))),
  keepUrlQuery: v.boolean(),
  /** Where the overlay sits, per site (lib/overlay/site-prefs); the one place saved before that reads as the default. */
  overlay: OverlayPrefsSchema,
  /** The study's collection endpoint, once the participant has joined with a code; null = local only. */
  endpoint: v.optional(
    v.nullable(
      v.object({
        base: v.pipe(v.string(), v.url()),
        eventsUrl: v.pipe(v.string(), v.url()),
        token: v.pipe(v.string(), v.minLength(8)),
        studyName: v.string(),
        joinedAt: v.number(),
      }),
    ),
    null,
  ),
});
export type Settings = v.InferOutput<typeof SettingsSchema>;

export function defaultSettings(participant: string): Settings {
  return {
    study: LOCAL_STUDY,
    participant,
    role: 'seller',
    condition: DEFAULT_CONDITION_CODE,
    loggingEnabled: true,
    consentedAt: null,
    consentRole: null,
    pauseReason: null,
    allowedHosts: [...DEFAULT_ALLOWED_HOSTS],
    keepUrlQuery: false,
    overlay: defaultOverlayPrefs(),
    endpoint: null,
  };
}

/**
 * What a study decides: joining sets these, leaving puts them back. Everything else (consent and the role chosen with
 * it, logging on or paused and why, allowed sites, the overlay) is the participant's own and stays as it is.
 */
export type StudyFields = Pick<Settings, 'study' | 'participant' | 'role' | 'condition' | 'keepUrlQuery' | 'endpoint'>;

/** The study fields of a participant in no study: a fresh local id, and the role they agreed to take part in. */
export function localStudyFields(current: Settings, participant: string): StudyFields {
  const d = defaultSettings(participant);
  return {
    study: LOCAL_STUDY,
    participant,
    role: current.consentRole ?? current.role,
    condition: d.condition,
    keepUrlQuery: d.keepUrlQuery,
    endpoint: null,
  };
}

/**
 * What the options page and popup may change directly; study, participant and endpoint change only by joining,
 * consent only through setConsent, and allowed sites only together with the browser's permission for them
 * (lib/background/site-service).
 */
export const SettingsPatchSchema = v.partial(
  v.omit(SettingsSchema, ['participant', 'study', 'endpoint', 'consentedAt', 'consentRole', 'allowedHosts']),
);
export type SettingsPatch = v.InferOutput<typeof SettingsPatchSchema>;
