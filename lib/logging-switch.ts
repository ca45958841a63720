import type { Settings } from './settings';

/**
 * Whether pages should log right now, and where, mirrored into browser.storage.local so open content scripts hear
 * about a pause, a resume, consent or its withdrawal, or a site allowed or removed, at once (IndexedDB has no change
 * events across contexts). Pages only watch for the key changing and then ask the background again.
 */
export const LOGGING_SWITCH_KEY = 'fw:logging';

export function loggingOn(s: Pick<Settings, 'consentedAt' | 'loggingEnabled'>): boolean {
  return s.consentedAt !== null && s.loggingEnabled;
}

/** The mirrored value: it changes whenever the answer to "may this page log?" may change. */
export function loggingSwitch(s: Pick<Settings, 'consentedAt' | 'loggingEnabled' | 'allowedHosts'>): { on: boolean; sites: string[] } {
  return { on: loggingOn(s), sites: [...s.allowedHosts].sort() };
}
