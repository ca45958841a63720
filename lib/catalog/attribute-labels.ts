/**
 * How a product's attributes read on a card ("Noise cancelling: No", "Battery: 30 h"): one function for every card
 * (overlay results and shares, the Buyer's pilot page, the pilot shop). A catalog may describe its attributes
 * (`attributes` in catalog-schema.ts); the default catalog's are described here; any other key reads as words.
 * Dependency-free and small: the overlay's content script bundles it.
 */

/** What a catalog may say about one attribute; every field optional. */
export interface AttributeLabel {
  /** The name shown ("Battery" for batteryHours). */
  label?: string | undefined;
  /** Appended to numbers ("h" → "30 h"). */
  unit?: string | undefined;
  /** Shown for 0 and for an empty list ("none" → "Battery: none"). */
  none?: string | undefined;
  /** Words for particular values: "true"/"false" for yes/no attributes, or a value as written ("M" → "Medium"). */
  values?: Record<string, string> | undefined;
}

export type AttributeLabels = Readonly<Record<string, AttributeLabel>>;

/** The default catalog's attributes (lib/catalog/default-attributes.ts), by name; keys shared by categories read alike. */
export const DEFAULT_ATTRIBUTE_LABELS: AttributeLabels = {
  theme: { label: 'Theme' },
  pieces: { label: 'Pieces' },
  ageRange: { label: 'Ages' },
  ageMin: { label: 'Minimum age', unit: 'years' },
  gps: { label: 'GPS' },
  batteryDays: { label: 'Battery', unit: 'days', none: 'none' },
  compatibility: { label: 'Works with' },
  waterResistance: { label: 'Water resistance' },
  heartRate: { label: 'Heart-rate sensor' },
  author: { label: 'Author' },
  genre: { label: 'Genre' },
  format: { label: 'Format' },
  readingAge: { label: 'Reading age' },
  pages: { label: 'Pages' },
  form: { label: 'Form' },
  count: { label: 'Count' },
  dietary: { label: 'Dietary', none: 'none' },
  nutrient: { label: 'Nutrient' },
  terrain: { label: 'Terrain' },
  dropMm: { label: 'Heel-to-toe drop', unit: 'mm' },
  width: { label: 'Width' },
  gender: { label: 'For' },
  cushioning: { label: 'Cushioning' },
  type: { label: 'Type' },
  wireless: { label: 'Wireless' },
  noiseCancelling: { label: 'Noise cancelling' },
  batteryHours: { label: 'Battery', unit: 'h', none: 'none' },
  microphone: { label: 'Microphone' },
  species: { label: 'For' },
  lifeStage: { label: 'Life stage' },
  grainFree: { label: 'Grain free' },
  flavour: { label: 'Flavour' },
  bagSizeLb: { label: 'Bag size', unit: 'lb' },
};

const YES_NO: Record<string, string> = { true: 'Yes', false: 'No' };
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "batteryHours" or "battery_hours" → "Battery hours"; an acronym stays whole ("maxUSBPorts" → "Max USB ports"). */
export function keyToWords(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => (/^[A-Z0-9]+$/.test(w) && w.length > 1 ? w : w.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An attribute's name as it reads: the catalog's label, else the default catalog's, else the key as words. */
export function attributeLabel(key: string, labels?: AttributeLabels): string {
  const own = labels && Object.hasOwn(labels, key) ? labels[key]?.label : undefined;
  return own ?? (Object.hasOwn(DEFAULT_ATTRIBUTE_LABELS, key) ? DEFAULT_ATTRIBUTE_LABELS[key]?.label : undefined) ?? keyToWords(key);
}

/** One value as it reads: yes/no, a number with its unit (or the "none" word for 0), a list joined. */
function valueText(value: unknown, meta: AttributeLabel): string {
  const named = meta.values?.[String(value)];
  if (named !== undefined) return named;
  if (typeof value === 'boolean') return YES_NO[String(value)] ?? String(value);
  if (typeof value === 'number') {
    if (value === 0 && meta.none) return meta.none;
    return meta.unit ? `${NUMBER.format(value)} ${meta.unit}` : NUMBER.format(value);
  }
  if (Array.isArray(value)) {
    const parts = value.map((v) => meta.values?.[String(v)] ?? String(v)).filter((v) => v !== '');
    return parts.length ? parts.join(', ') : (meta.none ?? 'none');
  }
  return String(value);
}

export interface ReadableAttribute {
  key: string;
  label: string;
  value: string;
}

/**
 * A product's attributes as label and value, in the product's order: the catalog's words first, then the default
 * catalog's, then the key as words. Empty texts and values that are not data (objects, null) are left out.
 */
export function readableAttributes(
  attributes: Readonly<Record<string, unknown>> | undefined,
  labels?: AttributeLabels,
): ReadableAttribute[] {
  const out: ReadableAttribute[] = [];
  for (const [key, raw] of Object.entries(attributes ?? {})) {
    if (raw === null || raw === undefined || (typeof raw === 'object' && !Array.isArray(raw))) continue;
    const own = labels && Object.hasOwn(labels, key) ? labels[key] : undefined;
    const fallback = Object.hasOwn(DEFAULT_ATTRIBUTE_LABELS, key) ? DEFAULT_ATTRIBUTE_LABELS[key] : undefined;
    const meta: AttributeLabel = { ...fallback, ...own };
    const value = valueText(raw, meta).trim();
    if (value === '') continue;
    out.push({ key, label: meta.label ?? attributeLabel(key), value });
  }
  return out;
}

/** "Label: value" lines, for cards that show attributes as text. */
export function attributeLines(attributes: Readonly<Record<string, unknown>> | undefined, labels?: AttributeLabels): string[] {
  return readableAttributes(attributes, labels).map((a) => `${a.label}: ${a.value}`);
}
