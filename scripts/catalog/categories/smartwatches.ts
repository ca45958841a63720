import type { Rng } from '../../../lib/random';
import type { CategoryGen, Draft, Want } from '../types';
import { longestModelIn, maybeSale, type Model, pickModel, shopPrice } from '../util';

interface Watch extends Model {
  kind: string;
  sizes: readonly string[];
  conn: readonly string[];
  colours: readonly string[];
}

const BOTH = ['iOS', 'Android'];
const SPORT_COLOURS = ['Black', 'Slate Gray', 'White', 'Whitestone', 'Tidal Blue', 'Amp Yellow', 'Lilac', 'Graphite'];
const APPLE_COLOURS = [
  'Midnight Aluminium Case',
  'Starlight Aluminium Case',
  'Silver Aluminium Case',
  'Jet Black Aluminium Case',
  'Rose Gold Aluminium Case',
];
const SAMSUNG_COLOURS = ['Graphite', 'Silver', 'Green', 'Cream', 'Titanium Gray'];

function w(
  brand: string,
  name: string,
  base: number,
  kind: string,
  gps: boolean,
  batteryDays: number,
  compat: 'both' | 'ios' | 'android',
  wr: string,
  heartRate: boolean,
  sizes: readonly string[],
  conn: readonly string[] = [''],
  colours: readonly string[] = SPORT_COLOURS,
): Watch {
  const compatibility = compat === 'both' ? BOTH : compat === 'ios' ? ['iOS'] : ['Android'];
  return { brand, name, base, kind, sizes, conn, colours, attrs: { gps, batteryDays, compatibility, waterResistance: wr, heartRate } };
}

const RUN = 'GPS Running Smartwatch';
const SMART = 'Smartwatch';
const TRACK = 'Fitness Tracker';
const OUT = 'Rugged Outdoor GPS Watch';
const MULTI = 'Multisport GPS Watch';

const WATCHES: readonly Watch[] = [
  w('Garmin', 'Forerunner 55', 199.99, RUN, true, 14, 'both', '5 ATM', true, ['42mm']),
  w('Garmin', 'Forerunner 165', 249.99, RUN, true, 11, 'both', '5 ATM', true, ['43mm'], ['', 'Music']),
  w('Garmin', 'Forerunner 255', 349.99, RUN, true, 14, 'both', '5 ATM', true, ['41mm', '46mm'], ['', 'Music']),
  w('Garmin', 'Forerunner 265', 449.99, RUN, true, 13, 'both', '5 ATM', true, ['42mm', '46mm']),
  w('Garmin', 'Forerunner 965', 599.99, RUN, true, 23, 'both', '5 ATM', true, ['47mm']),
  w('Garmin', 'Venu 3', 449.99, SMART, true, 14, 'both', '5 ATM', true, ['41mm', '45mm']),
  w('Garmin', 'Venu Sq 2', 249.99, SMART, true, 11, 'both', '5 ATM', true, ['40mm'], ['', 'Music Edition']),
  w('Garmin', 'Vivoactive 5', 299.99, SMART, true, 11, 'both', '5 ATM', true, ['42mm']),
  w('Garmin', 'Fenix 7', 649.99, MULTI, true, 18, 'both', '10 ATM', true, ['42mm', '47mm', '51mm'], ['', 'Sapphire Solar']),
  w('Garmin', 'Instinct 2', 299.99, OUT, true, 28, 'both', '10 ATM', true, ['40mm', '45mm']),
  w('Garmin', 'Instinct 2 Solar', 399.99, OUT, true, 48, 'both', '10 ATM', true, ['45mm']),
  w('Garmin', 'Lily 2', 249.99, 'Hybrid Smartwatch for Women', false, 5, 'both', '5 ATM', true, ['35mm']),
  w('Garmin', 'Vivomove Trend', 299.99, 'Hybrid Smartwatch', false, 5, 'both', '5 ATM', true, ['40mm']),
  w('Garmin', 'Bounce', 149.99, 'Kids LTE Smartwatch', true, 2, 'both', '5 ATM', false, ['40mm']),
  w('Apple', 'Watch Series 10', 399, SMART, true, 1.5, 'ios', '5 ATM', true, ['42mm', '46mm'], ['GPS', 'GPS + Cellular'], APPLE_COLOURS),
  w('Apple', 'Watch Series 9', 329, SMART, true, 1.5, 'ios', '5 ATM', true, ['41mm', '45mm'], ['GPS', 'GPS + Cellular'], APPLE_COLOURS),
  w('Apple', 'Watch SE (2nd Gen)', 249, SMART, true, 1.5, 'ios', '5 ATM', true, ['40mm', '44mm'], ['GPS', 'GPS + Cellular'], APPLE_COLOURS),
  w(
    'Apple',
    'Watch Ultra 2',
    799,
    'Rugged Titanium Smartwatch',
    true,
    3,
    'ios',
    '10 ATM',
    true,
    ['49mm'],
    ['GPS + Cellular'],
    ['Natural Titanium Case', 'Black Titanium Case'],
  ),
  w('Samsung', 'Galaxy Watch7', 299.99, SMART, true, 2, 'android', '5 ATM', true, ['40mm', '44mm'], ['Bluetooth', 'LTE'], SAMSUNG_COLOURS),
  w(
    'Samsung',
    'Galaxy Watch6 Classic',
    399.99,
    SMART,
    true,
    2,
    'android',
    '5 ATM',
    true,
    ['43mm', '47mm'],
    ['Bluetooth', 'LTE'],
    SAMSUNG_COLOURS,
  ),
  w(
    'Samsung',
    'Galaxy Watch Ultra',
    649.99,
    'Rugged Titanium Smartwatch',
    true,
    4,
    'android',
    '10 ATM',
    true,
    ['47mm'],
    ['LTE'],
    ['Titanium Gray', 'Titanium Silver', 'Titanium White'],
  ),
  w('Samsung', 'Galaxy Watch FE', 199.99, SMART, true, 2, 'android', '5 ATM', true, ['40mm'], ['Bluetooth'], SAMSUNG_COLOURS),
  w('Samsung', 'Galaxy Fit3', 59.99, TRACK, false, 13, 'android', '5 ATM', true, ['40mm'], [''], ['Gray', 'Silver', 'Pink Gold']),
  w('Fitbit', 'Versa 4', 199.95, 'Fitness Smartwatch', true, 6, 'both', '5 ATM', true, ['40mm']),
  w('Fitbit', 'Sense 2', 249.95, 'Health and Fitness Smartwatch', true, 6, 'both', '5 ATM', true, ['40mm']),
  w('Fitbit', 'Charge 6', 159.95, TRACK, true, 7, 'both', '5 ATM', true, ['36mm']),
  w('Fitbit', 'Inspire 3', 99.95, TRACK, false, 10, 'both', '5 ATM', true, ['30mm']),
  w('Amazfit', 'GTR 4', 199.99, SMART, true, 14, 'both', '5 ATM', true, ['46mm']),
  w('Amazfit', 'GTS 4 Mini', 119.99, SMART, true, 15, 'both', '5 ATM', true, ['41mm']),
  w('Amazfit', 'Bip 5', 89.99, SMART, true, 10, 'both', '3 ATM', true, ['46mm']),
  w('Amazfit', 'T-Rex 2', 229.99, OUT, true, 24, 'both', '10 ATM', true, ['47mm']),
  w('Amazfit', 'T-Rex Ultra', 399.99, OUT, true, 20, 'both', '10 ATM', true, ['47mm']),
  w('Amazfit', 'Balance', 229.99, SMART, true, 14, 'both', '5 ATM', true, ['46mm']),
  w('Amazfit', 'Active 2', 99.99, SMART, true, 10, 'both', '5 ATM', true, ['44mm']),
  w('Amazfit', 'Band 7', 49.99, TRACK, false, 18, 'both', '5 ATM', true, ['37mm']),
  w('Amazfit', 'Cheetah Pro', 299.99, RUN, true, 14, 'both', '5 ATM', true, ['47mm']),
  w('Polar', 'Pacer', 199.95, RUN, true, 7, 'both', '5 ATM', true, ['45mm']),
  w('Polar', 'Pacer Pro', 299.95, RUN, true, 7, 'both', '5 ATM', true, ['45mm']),
  w('Polar', 'Vantage V3', 599.95, MULTI, true, 8, 'both', '5 ATM', true, ['47mm']),
  w('Polar', 'Grit X2 Pro', 749.95, OUT, true, 10, 'both', '10 ATM', true, ['47mm']),
  w('Polar', 'Ignite 3', 329.95, 'Fitness Smartwatch', true, 5, 'both', '3 ATM', true, ['43mm']),
  w('Polar', 'Unite', 149.95, 'Fitness Watch', false, 4, 'both', '3 ATM', true, ['43mm']),
  w('Coros', 'Pace 3', 229, RUN, true, 24, 'both', '5 ATM', true, ['42mm']),
  w('Coros', 'Pace Pro', 349, RUN, true, 20, 'both', '5 ATM', true, ['46mm']),
  w('Coros', 'Apex 2', 299, OUT, true, 30, 'both', '10 ATM', true, ['43mm']),
  w('Coros', 'Apex 2 Pro', 449, OUT, true, 30, 'both', '10 ATM', true, ['46mm']),
  w('Coros', 'Vertix 2S', 699, OUT, true, 40, 'both', '10 ATM', true, ['50mm']),
];

const BANDS = ['Sport Band', 'Silicone Band', 'Nylon Band', 'Leather Band', 'Sport Loop'];

function create(): (rng: Rng, want: Want) => Draft {
  return (rng, want) => {
    const m = pickModel(rng, WATCHES, want);
    const size = rng.pick(m.sizes);
    const conn = rng.pick(m.conn);
    const colour = rng.pick(m.colours);
    const band = rng.pick(BANDS);
    const cellular = /Cellular|LTE/.test(conn) && m.conn.length > 1;
    const listPrice = m.base * (cellular ? 1.2 : 1) * (m.sizes.indexOf(size) > 0 ? 1.06 : 1) * (/Sapphire|Music/.test(conn) ? 1.12 : 1);
    const price = shopPrice(rng, maybeSale(rng, listPrice, 0.3), 29.99);
    const connectivity = /GPS|LTE|Bluetooth/.test(conn) ? conn : '';
    const edition = connectivity ? '' : conn;
    const spec = [connectivity, size].filter(Boolean).join(' ');
    const title =
      m.brand === 'Apple'
        ? `Apple ${m.name} [${spec}] ${m.kind} with ${colour} and ${band}`
        : `${m.brand} ${m.name}${edition ? ` ${edition}` : ''} ${m.kind}, ${spec}, ${colour}${rng.chance(0.35) ? ` with ${band}` : ''}`;
    const a = m.attrs;
    const gps = a.gps === true;
    const compatibility = Array.isArray(a.compatibility) ? a.compatibility : [];
    const battery = a.batteryDays === 1.5 ? 'all-day battery (about 36 hours)' : `up to ${String(a.batteryDays)} days of battery life`;
    const description =
      `${m.brand} ${m.name} ${m.kind.toLowerCase().replace(/\b(gps|lte)\b/g, (w) => w.toUpperCase())} with ${gps ? 'built-in GPS' : 'connected GPS through your phone'}` +
      `${a.heartRate === true ? ', 24/7 wrist heart-rate monitoring' : ''} and ${battery}. ` +
      `Water resistant to ${String(a.waterResistance)}; works with ${compatibility.join(' and ')} phones.`;
    return {
      brand: m.brand,
      title,
      description,
      price,
      attributes: { ...m.attrs },
      short: `${m.brand} ${m.name}`,
      views: ['Front view of', 'Side view of', 'Watch face options on', 'Strap detail of'],
    };
  };
}

function modelOf(title: string): string | undefined {
  return longestModelIn(title, WATCHES);
}

export const smartwatches: CategoryGen = {
  id: 'smartwatches',
  create,
  modelOf,
  titleQuery(p, variant) {
    const model = (modelOf(p.title) ?? p.title).replace(/[()]/g, '').toLowerCase();
    const size = /\b(\d\dmm)\b/.exec(p.title)?.[1];
    return variant % 2 === 1 && size ? `${model} ${size}` : model;
  },
};
