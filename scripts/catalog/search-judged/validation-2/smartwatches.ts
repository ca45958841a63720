import { type QuerySource, g, inCategory, is, not, price, range, title } from '../dsl';

/** Smartwatches (validation-2, written blind). */
const q = inCategory('smartwatches');
const ios = is('compatibility', 'iOS');
const android = is('compatibility', 'Android');
const gps = is('gps', true);
const kids = title('Kids');

export const SMARTWATCHES: QuerySource[] = [
  q(
    'intent',
    'husband has an iphone and wants to track his runs',
    'a running watch with built-in GPS that works with iPhone',
    g(3, ios, gps, title('Running')),
    g(2, ios, gps, is('heartRate', true)),
  ),
  q(
    'intent',
    'hates charging it, wants it to last for weeks',
    'a watch whose battery lasts two weeks or more',
    g(3, range('batteryDays', 14, undefined)),
    g(2, range('batteryDays', 10, 13.9)),
    g(1, range('batteryDays', 7, 9.9)),
  ),
  q('intent', 'for my 8 year old so i always know where she is', 'a kids watch with location tracking', g(3, kids, gps)),
  q(
    'intent',
    'open water swims and long bike rides',
    'GPS plus high water resistance',
    g(3, gps, is('waterResistance', '10 ATM')),
    g(2, gps, is('waterResistance', '5 ATM'), not(kids)),
    g(1, is('waterResistance', '10 ATM')),
  ),
  q(
    'intent',
    'multi-day hikes far away from any outlet',
    'a rugged outdoor GPS watch with a battery of two weeks or more',
    g(3, gps, range('batteryDays', 14, undefined), title('Rugged', 'Outdoor', 'Multisport')),
    g(2, gps, range('batteryDays', 14, undefined)),
    g(1, title('Rugged', 'Outdoor')),
  ),
  q(
    'intent',
    'simple step counter for grandma, under 100 dollars',
    'a plain fitness tracker for at most $100',
    g(3, title('Fitness Tracker'), price(undefined, 100)),
    g(2, title('Fitness Tracker')),
    g(2, price(undefined, 100), not(kids)),
  ),
  q(
    'intent',
    'android user who wants it to look like a classic watch',
    'a hybrid, traditional-looking watch that works with Android',
    g(3, title('Hybrid'), android),
    g(2, title('Classic'), android),
  ),
  q(
    'intent',
    "dainty watch for my wife's small wrist",
    "a small women's watch",
    g(3, title('for Women')),
    g(2, title('30mm', '35mm', '36mm', '37mm'), not(kids)),
    g(1, title('40mm', '41mm'), not(kids)),
  ),
  q(
    'intent',
    'training for a first marathon, budget about 250',
    'a GPS running watch for about $250 or less',
    g(3, title('Running'), gps, price(undefined, 275)),
    g(2, title('Running'), gps, price(undefined, 350)),
    g(1, gps, is('heartRate', true), price(undefined, 275)),
    g(1, title('Running')),
  ),
  q(
    'intent',
    'keep an eye on his heart and sleep, uses an iphone',
    'a health or fitness watch with heart-rate monitoring that works with iPhone',
    g(3, is('heartRate', true), ios, title('Health', 'Fitness')),
    g(2, is('heartRate', true), ios),
  ),
  q(
    'intent',
    'triathlon training, needs serious multisport features',
    'a multisport GPS watch for swim, bike and run',
    g(3, title('Multisport')),
    g(2, gps, is('waterResistance', '10 ATM')),
    g(1, gps, title('Running')),
  ),
  q('attribute', '10 atm water rating', 'watches water resistant to 10 ATM', g(3, is('waterResistance', '10 ATM'))),
  q(
    'attribute',
    '30 days battery',
    'a battery of at least 30 days',
    g(3, range('batteryDays', 30, undefined)),
    g(2, range('batteryDays', 20, 29.9)),
  ),
  q('named', 'instinct 2 solar', 'the Garmin Instinct 2 Solar', g(3, title('Instinct 2 Solar')), g(2, title('Instinct 2'))),
  q('lexical', 'garmin vivo active', 'the Garmin Vivoactive (split spelling)', g(3, title('Vivoactive')), g(1, title('Vivomove'))),
  q('unanswerable-part', 'kids watch with a camera', 'a kids smartwatch; none has a camera', g(2, kids)),
];
