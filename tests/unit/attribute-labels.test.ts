import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  attributeLabel,
  attributeLines,
  DEFAULT_ATTRIBUTE_LABELS,
  keyToWords,
  readableAttributes,
} from '../../lib/catalog/attribute-labels';
import { type Catalog, validateCatalog } from '../../lib/catalog/catalog-schema';
import { DEFAULT_ATTRIBUTE_SCHEMAS } from '../../lib/catalog/default-attributes';
import { CATALOG_PATH } from '../../scripts/catalog/paths';

const defaultCatalog = JSON.parse(readFileSync(CATALOG_PATH, 'utf8')) as Catalog;
/** A camelCase or snake_case identifier: what a card must never show a person. */
const RAW_KEY = /\b[a-z]+(?:[A-Z][a-z0-9]*|_[a-z0-9]+)+\b/;

describe('attribute labels (lib/catalog/attribute-labels.ts)', () => {
  it('reads the default catalog’s attributes as labels and readable values', () => {
    expect(attributeLines({ type: 'over-ear', wireless: true, noiseCancelling: false, batteryHours: 0, microphone: true })).toEqual([
      'Type: over-ear',
      'Wireless: Yes',
      'Noise cancelling: No',
      'Battery: none',
      'Microphone: Yes',
    ]);
    expect(attributeLines({ batteryHours: 30, batteryDays: 7.5, dropMm: 8, bagSizeLb: 0.5, pieces: 5500 })).toEqual([
      'Battery: 30 h',
      'Battery: 7.5 days',
      'Heel-to-toe drop: 8 mm',
      'Bag size: 0.5 lb',
      'Pieces: 5,500',
    ]);
    expect(attributeLines({ compatibility: ['iOS', 'Android'], dietary: [], gps: true })).toEqual([
      'Works with: iOS, Android',
      'Dietary: none',
      'GPS: Yes',
    ]);
  });

  it('names every attribute of every default category, and no card of the default catalog shows a raw key', () => {
    const keys = Object.values(DEFAULT_ATTRIBUTE_SCHEMAS).flatMap((s) => Object.keys(s.entries));
    expect(keys.filter((k) => !Object.hasOwn(DEFAULT_ATTRIBUTE_LABELS, k))).toEqual([]);
    const shown = defaultCatalog.products.flatMap((p) => attributeLines(p.attributes));
    expect(shown.length).toBeGreaterThan(defaultCatalog.products.length * 3);
    expect(shown.filter((line) => RAW_KEY.test(line.split(':')[0] ?? '')).slice(0, 5)).toEqual([]);
    expect(shown.filter((line) => /: (true|false|undefined|null)$/.test(line)).slice(0, 5)).toEqual([]);
  });

  it('turns other catalogs’ camelCase and snake_case keys into words, booleans into Yes/No, zero into 0', () => {
    expect(keyToWords('batteryHours')).toBe('Battery hours');
    expect(keyToWords('screen_size_in')).toBe('Screen size in');
    expect(keyToWords('maxUSBPorts')).toBe('Max USB ports');
    expect(keyToWords('colour')).toBe('Colour');
    // Filter chips name attributes the same way as cards.
    expect([
      attributeLabel('noiseCancelling'),
      attributeLabel('gps'),
      attributeLabel('grain_free'),
      attributeLabel('gps', { gps: { label: 'Satnav' } }),
    ]).toEqual(['Noise cancelling', 'GPS', 'Grain free', 'Satnav']);
    expect(attributeLines({ waterproof: false, usbPorts: 0, fabric_blend: ['cotton', 'linen'], sizeLabel: 'M' })).toEqual([
      'Waterproof: No',
      'Usb ports: 0',
      'Fabric blend: cotton, linen',
      'Size label: M',
    ]);
  });

  it('prefers the catalog’s own labels, units and value words over the defaults', () => {
    const labels = {
      batteryHours: { label: 'Playtime', unit: 'hours' },
      usbPorts: { label: 'USB ports', none: 'no ports' },
      sizeLabel: { label: 'Size', values: { M: 'Medium' } },
      dishwasherSafe: { values: { true: 'Dishwasher safe', false: 'Hand wash only' } },
    };
    expect(attributeLines({ batteryHours: 20, usbPorts: 0, sizeLabel: 'M', dishwasherSafe: false }, labels)).toEqual([
      'Playtime: 20 hours',
      'USB ports: no ports',
      'Size: Medium',
      'Dishwasher safe: Hand wash only',
    ]);
  });

  it('leaves out what is not a value (empty text, objects, null) and keeps the product’s order', () => {
    expect(readableAttributes({ note: '', nested: { a: 1 }, missing: null, pages: 320 })).toEqual([
      { key: 'pages', label: 'Pages', value: '320' },
    ]);
    expect(readableAttributes(undefined)).toEqual([]);
  });

  it('lets a catalog describe its attributes, and a catalog without descriptions stays valid', () => {
    const base = { ...defaultCatalog, products: defaultCatalog.products.slice(0, 3), personas: [] };
    expect(validateCatalog(base).ok).toBe(true);
    const described = validateCatalog({ ...base, attributes: { pieces: { label: 'Bricks', values: { '0': 'none' } } } });
    expect(described.ok && described.catalog.attributes).toEqual({ pieces: { label: 'Bricks', values: { '0': 'none' } } });
    const bad = validateCatalog({ ...base, attributes: { 'not a key': { label: 'X' } } });
    expect(bad.ok).toBe(false);
  });
});
