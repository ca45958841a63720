import * as v from 'valibot';
import { newId } from '../ids';
import { SETTINGS_KEY, SettingsPatchSchema, SettingsSchema, defaultSettings, type Settings } from '../settings';
import { parseOrThrow } from '../validation';
import type { FloorwalkerDb } from './database';
import { OverlayPlaceSchema, withPlaceForHost, type OverlayPrefs } from '../overlay/site-prefs';

/** Reads the participant's settings, creating defaults (with a fresh local participant id) on first use. */
export async function loadSettings(db: FloorwalkerDb): Promise<Settings> {
  return db.transaction('rw', db.settings, async () => {
    const row = await db.settings.get(SETTINGS_KEY);
    const parsed = row ? v.safeParse(SettingsSchema, row.value) : undefined;
    if (parsed?.success) return parsed.output;
    const fresh = defaultSettings(`local-${newId()}`);
    await db.settings.put({ key: SETTINGS_KEY, value: fresh });
    return fresh;
  });
}

/** Applies a validated patch; invalid input throws with the field named and changes nothing. */
export async function updateSettings(db: FloorwalkerDb, patch: unknown): Promise<Settings> {
  const parsed = parseOrThrow(SettingsPatchSchema, patch, 'Invalid settings');
  return db.transaction('rw', db.settings, async () => {
    const current = await loadSettings(db);
    const patch = parsed;
    // Resuming logging clears the reason it was paused for.
    const next = v.parse(SettingsSchema, {
      ...current,
      ...patch,
      ...(patch.loggingEnabled === true && !('pauseReason' in patch) ? { pauseReason: null } : {}),
    });
    await db.settings.put({ key: SETTINGS_KEY, value: next });
    return next;
  });
}

/** Records the participant's consent (and their role), or withdraws it: logging stops at once. */
export async function setConsent(
  db: FloorwalkerDb,
  consent: { agree: true; role: Settings['role'] } | { agree: false },
): Promise<Settings> {
  return db.transaction('rw', db.settings, async () => {
    const current = await loadSettings(db);
    const next = v.parse(
      SettingsSchema,
      consent.agree
        ? { ...current, consentedAt: Date.now(), role: consent.role, consentRole: consent.role }
        : { ...current, consentedAt: null },
    );
    await db.settings.put({ key: SETTINGS_KEY, value: next });
    return next;
  });
}

/** Replaces the allowed sites (the site service keeps them in step with the browser's permissions). */
export async function setAllowedHosts(db: FloorwalkerDb, hosts: readonly string[]): Promise<Settings> {
  return db.transaction('rw', db.settings, async () => {
    const current = await loadSettings(db);
    const next = v.parse(SettingsSchema, { ...current, allowedHosts: [...new Set(hosts)] });
    await db.settings.put({ key: SETTINGS_KEY, value: next });
    return next;
  });
}

/** Remembers where the overlay sits on `host`; answers with every site's place (for the mirror content scripts read). */
export async function setOverlayPlace(db: FloorwalkerDb, host: string, place: unknown): Promise<OverlayPrefs> {
  const parsed = parseOrThrow(OverlayPlaceSchema, place, 'Invalid overlay place');
  return db.transaction('rw', db.settings, async () => {
    const current = await loadSettings(db);
    const next = v.parse(SettingsSchema, { ...current, overlay: withPlaceForHost(current.overlay, host, parsed) });
    await db.settings.put({ key: SETTINGS_KEY, value: next });
    return next.overlay;
  });
}
