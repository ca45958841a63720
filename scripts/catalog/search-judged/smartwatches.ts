import { any, brand, g, inCategory, is, not, oneOf, price, range, text, title, type QuerySource } from './dsl';

const q = inCategory('smartwatches');
const battery = (min: number | undefined, max: number | undefined) => range('batteryDays', min, max);
const gps = is('gps', true);
const hr = is('heartRate', true);
const swimproof = oneOf('waterResistance', ['5 ATM', '10 ATM']);
const RUNNING = text('running smartwatch');
const RUGGED = text('rugged');
const MULTISPORT = text('multisport');

export const SMARTWATCHES: QuerySource[] = [
  // intent
  q(
    'intent',
    'long battery life smartwatch',
    'A watch that lasts two weeks or more on a charge.',
    g(3, battery(14, undefined)),
    g(2, battery(7, 13)),
  ),
  q(
    'intent',
    'watch for marathon training',
    'A GPS running watch with heart rate for marathon training.',
    g(3, RUNNING, gps, hr),
    g(2, MULTISPORT, gps),
    g(1, gps, hr, battery(5, undefined)),
  ),
  q(
    'intent',
    'something to track swimming laps',
    'A swim-proof watch (5 ATM or more) that tracks workouts.',
    g(3, swimproof, gps, hr, any(MULTISPORT, RUNNING, RUGGED)),
    g(2, swimproof, hr),
    g(1, swimproof),
  ),
  q(
    'intent',
    'watch for my 8 year old so i can find him',
    'A kids’ smartwatch with GPS and LTE so a parent can locate the child.',
    g(3, title('kids')),
    g(1, gps, price(undefined, 120)),
  ),
  q(
    'intent',
    'i have a samsung galaxy phone',
    'A watch that works with a Samsung (Android) phone; Samsung watches best.',
    g(3, brand('Samsung')),
    g(2, is('compatibility', 'Android')),
  ),
  q(
    'intent',
    'hiking in the mountains, needs to be tough',
    'A rugged outdoor GPS watch for mountain hiking.',
    g(3, RUGGED, gps),
    g(2, MULTISPORT, gps),
    g(1, gps, battery(10, undefined)),
  ),
  q(
    'intent',
    'cheap fitness tracker to count steps',
    'An inexpensive fitness tracker (band) for step counting.',
    g(3, text('fitness tracker'), price(undefined, 100)),
    g(2, text('fitness tracker')),
    g(1, price(undefined, 100)),
  ),
  q(
    'intent',
    'elegant watch for a woman, not sporty looking',
    'A dressy hybrid smartwatch for a woman.',
    g(3, text('hybrid smartwatch for women')),
    g(2, text('hybrid')),
    g(1, title('leather band'), not(RUGGED)),
  ),
  q(
    'intent',
    'track my dads sleep and heart rate',
    'A heart-rate watch worn day and night (a week per charge), fitness- or health-focused.',
    g(3, hr, battery(7, undefined), text('fitness', 'health')),
    g(2, hr, battery(5, undefined)),
    g(1, hr),
  ),
  q(
    'intent',
    'my wife has an iphone',
    'A watch that works with an iPhone; Apple Watch best.',
    g(3, brand('Apple')),
    g(2, is('compatibility', 'iOS')),
  ),
  q(
    'intent',
    'training for a triathlon',
    'A multisport GPS watch for swim, bike and run.',
    g(3, MULTISPORT, gps),
    g(2, RUNNING, gps, swimproof),
    g(1, RUGGED, gps),
  ),
  q(
    'intent',
    'running watch with gps under 200',
    'A GPS running watch for $200 or less.',
    g(3, RUNNING, gps, price(undefined, 200)),
    g(2, gps, price(undefined, 200)),
    g(1, RUNNING, gps, price(200, 250)),
  ),
  q(
    'intent',
    "don't want to charge it every night",
    'A watch that lasts at least a week per charge; 5–6 days is good, 3–4 partly.',
    g(3, battery(7, undefined)),
    g(2, battery(5, 6)),
    g(1, battery(3, 4)),
  ),
  q(
    'intent',
    'ultra runner, 24 hour races',
    'A GPS watch with very long battery (20+ days) for ultramarathons.',
    g(3, gps, battery(20, undefined)),
    g(2, gps, battery(14, 19)),
    g(1, gps, battery(10, 13)),
  ),
  // attribute
  q('attribute', 'built-in gps', 'Watches with built-in GPS.', g(3, gps)),
  q('attribute', '10 atm', 'Water resistant to 10 ATM.', g(3, is('waterResistance', '10 ATM'))),
  q('attribute', 'heart rate monitor', 'Watches with wrist heart-rate monitoring.', g(3, hr)),
  q('attribute', 'waterproof', 'Water-resistant enough to swim (5 ATM or more).', g(3, swimproof), g(1, is('waterResistance', '3 ATM'))),
  q('attribute', '2 week battery', 'About two weeks of battery or more.', g(3, battery(14, undefined)), g(1, battery(10, 13))),
  q('attribute', 'solar', 'Solar-charging watches.', g(3, title('solar'))),
  q('attribute', 'android compatible', 'Works with Android phones.', g(3, is('compatibility', 'Android'))),
  q('attribute', 'titanium', 'Titanium watches.', g(3, text('titanium'))),
  q('attribute', 'leather band', 'Watches with a leather band.', g(3, title('leather band'))),
  q('attribute', 'lte', 'Watches with LTE (cellular).', g(3, title('lte'))),
  q('attribute', '40mm', 'Watches with a 40 mm case.', g(3, title('40mm')), g(1, title('41mm', '39mm'))),
  // named
  q('named', 'forerunner 265', 'The Garmin Forerunner 265.', g(3, title('forerunner 265')), g(1, title('forerunner'))),
  q('named', 'fenix', 'Garmin Fenix watches.', g(3, title('fenix'))),
  q('named', 'apple watch ultra', 'The Apple Watch Ultra.', g(3, title('apple watch ultra')), g(1, brand('Apple'))),
  q(
    'named',
    'galaxy watch',
    'Samsung Galaxy Watch models.',
    g(3, title('galaxy watch', 'galaxy watch6', 'galaxy watch7')),
    g(1, brand('Samsung')),
  ),
  q('named', 'instinct 2 solar', 'The Garmin Instinct 2 Solar.', g(3, title('instinct 2 solar')), g(2, title('instinct 2'))),
  q('named', 'coros pace', 'COROS Pace watches.', g(3, title('coros pace')), g(1, brand('Coros'))),
  q('named', 'fitbit charge 6', 'The Fitbit Charge 6.', g(3, title('charge 6')), g(1, brand('Fitbit'))),
  q('named', '965', 'The Garmin Forerunner 965, typed by number.', g(3, title('965'))),
  q('named', 'amazfit t-rex', 'Amazfit T-Rex watches.', g(3, title('t rex'))),
  q('named', 'vivoactive', 'Garmin Vivoactive.', g(3, title('vivoactive'))),
  q('named', 'polar pacer pro', 'The Polar Pacer Pro.', g(3, title('pacer pro')), g(2, title('polar pacer'))),
  q('named', 'garmin', 'Garmin watches.', g(3, brand('Garmin'))),
  // lexical
  q(
    'lexical',
    'smart watch',
    'Smartwatches (split word): any watch in the category.',
    g(3, text('smartwatch')),
    g(2, not(text('smartwatch'))),
  ),
  q(
    'lexical',
    'smartwatches for women',
    'Smartwatches for women (plural).',
    g(3, text('for women')),
    g(1, title('35mm', '37mm', '40mm', '41mm')),
  ),
  q('lexical', 'garmen', 'Garmin watches (typo).', g(3, brand('Garmin'))),
  q('lexical', 'fit bit', 'Fitbit (split word).', g(3, brand('Fitbit'))),
  q('lexical', 'forerunner265', 'The Forerunner 265 (joined).', g(3, title('forerunner 265')), g(1, title('forerunner'))),
  q('lexical', 'trex ultra', 'The Amazfit T-Rex Ultra (hyphen dropped).', g(3, title('t rex ultra')), g(2, title('t rex'))),
  q(
    'lexical',
    'galaxy watch 7',
    'The Samsung Galaxy Watch7 (typed with a space).',
    g(3, title('galaxy watch7')),
    g(1, title('galaxy watch', 'galaxy watch6')),
  ),
  q('lexical', 'heart-rate tracking', 'Heart-rate tracking.', g(3, hr)),
  q('lexical', 'amazefit', 'Amazfit watches (typo).', g(3, brand('Amazfit'))),
  q('lexical', 'vivo active 5', 'The Garmin Vivoactive 5 (split).', g(3, title('vivoactive 5')), g(1, title('vivoactive'))),
  // unanswerable part
  q(
    'unanswerable-part',
    'garmin with music storage',
    'No watch lists music storage; Garmin GPS watches are what is left.',
    g(2, brand('Garmin'), gps),
  ),
  q(
    'unanswerable-part',
    'watch with ecg and blood oxygen',
    'No ECG or SpO2 data; health-focused heart-rate watches are the partial answer.',
    g(2, text('health'), hr),
    g(1, hr, text('fitness')),
  ),
  q('unanswerable-part', 'apple watch band', 'Bands are not sold; Apple Watches are partly relevant.', g(1, brand('Apple'))),
  q(
    'unanswerable-part',
    'smartwatch with google maps navigation',
    'No maps data; GPS watches are partly relevant.',
    g(1, gps, is('compatibility', 'Android')),
  ),
  q('unanswerable-part', 'polar with flashlight', 'No flashlight data; Polar watches are what is left.', g(2, brand('Polar'))),
  q(
    'unanswerable-part',
    'coros with touchscreen and maps',
    'Neither feature is listed; COROS watches are what is left.',
    g(2, brand('Coros')),
  ),
  // none
  q('none', 'iphone charger', 'No chargers or phone accessories in the catalog.'),
  q('none', 'wall clock', 'No clocks in the catalog.'),
];

SMARTWATCHES.push(
  q('named', 'pink gold galaxy', 'The Samsung Galaxy watch in Pink Gold.', g(3, title('pink gold')), g(1, brand('Samsung'))),
  q('attribute', 'lilac', 'Watches in lilac.', g(3, title('lilac'))),
  q(
    'intent',
    'first smartwatch for a teenager, not too expensive',
    'An affordable (≈$150 or less) everyday smartwatch for a teen.',
    g(3, price(undefined, 150), any(text('smartwatch'), text('fitness tracker')), not(title('kids'))),
    g(2, price(150, 200), text('smartwatch')),
    g(1, title('kids')),
  ),
  q('lexical', 'water proof', 'Swim-proof watches (split word).', g(3, swimproof), g(1, is('waterResistance', '3 ATM'))),
  q('named', 'apple', 'Apple Watches.', g(3, brand('Apple'))),
  q('attribute', 'ios', 'Works with iPhone (iOS).', g(3, is('compatibility', 'iOS'))),
);
