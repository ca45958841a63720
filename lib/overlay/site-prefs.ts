import * as v from 'valibot';

/** Where the overlay sits on one site: open or collapsed to its tab, and which edge it docks to. */
export const OverlayPlaceSchema = v.object({ collapsed: v.boolean(), side: v.picklist(['left', 'right']) });
export type OverlayPlace = v.InferOutput<typeof OverlayPlaceSchema>;
export type Side = OverlayPlace['side'];

/** The place on a site the participant has not arranged yet. */
export const DEFAULT_OVERLAY_PLACE: OverlayPlace = { collapsed: false, side: 'right' };

/**
 * How many sites keep their own place. The settings row is read on every page load, so it stays small: past this,
 * the site arranged longest ago is forgotten (and gets the default place again).
 */
export const MAX_OVERLAY_SITES = 100;
/** A hostname is at most this long (DNS). */
const MAX_HOST_CHARS = 253;

const OverlayPrefsShape = v.object({
  /** The place on sites with none of their own. */
  default: OverlayPlaceSchema,
  /** Per hostname (ports ignored, as for allowed sites), oldest arranged first. */
  sites: v.record(v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_HOST_CHARS)), OverlayPlaceSchema),
});
export type OverlayPrefs = v.InferOutput<typeof OverlayPrefsShape>;

/**
 * The overlay's places as settings keep them. Settings saved before places were per site held one place for every
 * site (`{ collapsed, side }`): that is read as the default, so nobody loses where they put the panel.
 */
export const OverlayPrefsSchema = v.union([
  OverlayPrefsShape,
  v.pipe(
    OverlayPlaceSchema,
    v.transform((place): OverlayPrefs => ({ default: place, sites: {} })),
  ),
]);

export function defaultOverlayPrefs(): OverlayPrefs {
  return { default: { ...DEFAULT_OVERLAY_PLACE }, sites: {} };
}

/** The place on `host`: its own if it has one, else the default. */
export function placeForHost(prefs: OverlayPrefs, host: string): OverlayPlace {
  return (Object.hasOwn(prefs.sites, host) && prefs.sites[host]) || prefs.default;
}

/**
 * Remembers `place` for `host`, as the newest entry; the oldest are dropped past `limit`. The default stays: a place
 * chosen on one site is for that site (a panel docked left for one chat's layout may be in the way on another).
 */
export function withPlaceForHost(prefs: OverlayPrefs, host: string, place: OverlayPlace, limit = MAX_OVERLAY_SITES): OverlayPrefs {
  const entries = Object.entries(prefs.sites).filter(([h]) => h !== host);
  entries.push([host, { collapsed: place.collapsed, side: place.side }]);
  return { default: prefs.default, sites: Object.fromEntries(entries.slice(-limit)) };
}

/**
 * The places, mirrored by the background into browser.storage.local under this key, so a content script knows where
 * the panel goes as it mounts, without waiting for the service worker (which may be stopped) to answer.
 */
export const OVERLAY_MIRROR_KEY = 'fw:overlay';

/** The hostname of a page's URL, the key places are kept under; null for what is not a URL. */
export function overlayHostOf(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/** The place on `host` from the mirrored value; null when there is no (readable) mirror, so the caller asks the background. */
export function placeFromMirror(mirrored: unknown, host: string): OverlayPlace | null {
  // Only the background writes the mirror, from settings it validated, so the content script checks the shape of
  // the one place it reads instead of parsing the whole value: the validator would add ~1.5 KB gzipped to it.
  if (isPlace(mirrored)) return { collapsed: mirrored.collapsed, side: mirrored.side }; // one place for every site (older mirrors)
  if (typeof mirrored !== 'object' || mirrored === null) return null;
  const { default: fallback, sites } = mirrored as Record<string, unknown>;
  if (!isPlace(fallback) || typeof sites !== 'object' || sites === null) return null;
  const own: unknown = Object.hasOwn(sites, host) ? (sites as Record<string, unknown>)[host] : undefined;
  return isPlace(own) ? { collapsed: own.collapsed, side: own.side } : { collapsed: fallback.collapsed, side: fallback.side };
}

function isPlace(x: unknown): x is OverlayPlace {
  if (typeof x !== 'object' || x === null) return false;
  const { collapsed, side } = x as Record<string, unknown>;
  return typeof collapsed === 'boolean' && (side === 'left' || side === 'right');
}
