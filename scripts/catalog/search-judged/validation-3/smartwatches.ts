import { type QuerySource, brand, g, inCategory, is, not, price, range, title } from '../dsl';

/** Smartwatches (validation-3, written blind). */
const q = inCategory('smartwatches');
const gps = is('gps', true);
const ios = is('compatibility', 'iOS');
const android = is('compatibility', 'Android');
const water = (x: string) => is('waterResistance', x);

export const SMARTWATCHES: QuerySource[] = [
  q('intent', 'watch to call my 8yo, walks to school alone', "a kids' watch with GPS and LTE", g(3, title('Kids'))),
  q(
    'intent',
    'thru-hike, weeks between charges',
    'a rugged outdoor GPS watch with 20+ days of battery',
    g(3, title('Rugged'), gps, range('batteryDays', 20, undefined)),
    g(2, gps, range('batteryDays', 14, undefined)),
    g(1, title('Rugged')),
  ),
  q(
    'intent',
    'grandma step counter cheap',
    'a simple fitness tracker for $60 or less',
    g(3, title('Fitness Tracker'), price(undefined, 60)),
    g(2, title('Fitness Tracker'), price(undefined, 100)),
    g(1, price(undefined, 100), not(title('Kids'))),
  ),
  q(
    'intent',
    "tri training (swim bike run), she's on android",
    'a multisport GPS watch that works with Android',
    g(3, title('Multisport'), android),
    g(2, title('Running', 'Rugged'), gps, android),
  ),
  q(
    'intent',
    'iphone guy wants an analog looking watch',
    'a hybrid (analogue-looking) smartwatch that works with iPhone',
    g(3, title('Hybrid'), ios, not(title('for Women'))),
    g(2, title('Hybrid'), ios),
  ),
  q(
    'intent',
    'marathon training, hates charging it every night',
    'a GPS running watch with about a week or more of battery',
    g(3, title('Running'), gps, range('batteryDays', 7, undefined)),
    g(2, gps, range('batteryDays', 7, undefined)),
    g(1, gps),
  ),
  q(
    'intent',
    "gps watch for my son's cross country, tight budget ~$100",
    'a watch with built-in GPS for about $100',
    g(3, gps, price(undefined, 110)),
    g(2, gps, price(undefined, 160)),
    g(1, price(undefined, 110)),
  ),
  q(
    'intent',
    'works with her iphone but battery lasts a week',
    'an iPhone-compatible watch with 7+ days of battery',
    g(3, ios, range('batteryDays', 7, undefined)),
    g(2, ios, range('batteryDays', 4, 6.9)),
    g(1, ios),
  ),
  q(
    'intent',
    "surfer, he's really rough on his stuff",
    'a rugged watch rated 10 ATM',
    g(3, title('Rugged'), water('10 ATM')),
    g(2, water('10 ATM')),
    g(1, water('5 ATM'), gps),
  ),
  q(
    'intent',
    'mum has tiny wrists, big watches look silly on her',
    'a small watch or tracker (case 37 mm or less)',
    g(3, title('30mm', '35mm', '36mm', '37mm')),
    g(2, title('40mm', '41mm'), is('heartRate', true)),
  ),
  q(
    'intent',
    'wants music on his runs without carrying his phone',
    'a running watch with music storage; a cellular watch is near',
    g(3, title('Music')),
    g(2, title('Cellular')),
    g(1, title('Running')),
  ),
  q(
    'intent',
    "teen's first fitness watch, iphone, under 150",
    'a heart-rate fitness watch that works with iPhone for $150 or less',
    g(3, ios, is('heartRate', true), price(undefined, 150)),
    g(2, ios, is('heartRate', true), price(150, 200)),
    g(1, is('heartRate', true), price(undefined, 150)),
  ),
  q(
    'attribute',
    '2 week battery life',
    'watches with 14 or more days of battery',
    g(3, range('batteryDays', 14, undefined)),
    g(2, range('batteryDays', 10, 13.9)),
  ),
  q('named', 'venu sq', 'the Garmin Venu Sq 2 (and its Music Edition)', g(3, title('Venu Sq')), g(1, title('Venu'))),
  q('lexical', 'fit bit charge', 'the Fitbit Charge 6 (brand split)', g(3, title('Fitbit Charge')), g(1, brand('Fitbit'))),
  q(
    'unanswerable-part',
    'garmin with ecg',
    'a Garmin with heart-rate monitoring; no watch lists ECG',
    g(2, brand('Garmin'), is('heartRate', true)),
  ),
];
