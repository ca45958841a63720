import { brand, g, inCategory, is, not, oneOf, prefix, price, range, text, title, type QuerySource } from './dsl';

const q = inCategory('running_shoes');
const terrain = (...t: string[]) => oneOf('terrain', t);
const cushion = (...c: string[]) => oneOf('cushioning', c);
const width = (w: string) => is('width', w);
const gender = (...x: string[]) => oneOf('gender', x);
const drop = (min: number | undefined, max: number | undefined) => range('dropMm', min, max);
const STABILITY = text('stability shoe');
const DAILY = text('daily trainer');
const RACE = text('race day', 'tempo runs');
const RECOVERY = text('recovery days');

export const RUNNING_SHOES: QuerySource[] = [
  // intent
  q(
    'intent',
    'training for my first marathon, wants lots of cushioning',
    'A max-cushioned road shoe for marathon training.',
    g(3, terrain('road'), cushion('max')),
    g(2, terrain('road'), DAILY),
    g(1, text('road to trail')),
  ),
  q(
    'intent',
    'i overpronate and need support',
    'A stability shoe.',
    g(3, STABILITY),
    g(1, terrain('road'), cushion('moderate'), width('wide')),
  ),
  q(
    'intent',
    'muddy trail races',
    'A grippy, lugged trail shoe for mud.',
    g(3, text('mud')),
    g(2, terrain('trail'), not(text('park paths', 'barefoot', 'natural running'))),
    g(1, terrain('trail')),
  ),
  q('intent', 'wide feet with bunions', 'A wide-width running shoe.', g(3, width('wide')), g(1, text('barefoot'))),
  q(
    'intent',
    'light fast shoe for a 5k race',
    'A light, responsive racing shoe for a road 5k.',
    g(3, RACE, terrain('road')),
    g(2, RACE),
    g(1, terrain('track'), not(title('spike'))),
  ),
  q(
    'intent',
    'sprinting on the track at school',
    'A track spike for sprinting.',
    g(3, terrain('track'), text('sprint')),
    g(2, terrain('track')),
  ),
  q(
    'intent',
    'beginner jogging round the park, not expensive',
    'An affordable, comfortable shoe for easy runs on paths and pavement.',
    g(3, text('affordable')),
    g(2, terrain('road'), price(undefined, 100), not(terrain('track'))),
    g(1, DAILY, price(undefined, 130)),
  ),
  q(
    'intent',
    'my knees hurt on long runs',
    'A max-cushioned shoe that protects the legs on long road runs.',
    g(3, cushion('max'), terrain('road')),
    g(2, cushion('max')),
    g(1, STABILITY),
  ),
  q(
    'intent',
    'barefoot feel, zero drop',
    'A minimal, zero- or low-drop shoe for natural running (not a spike).',
    g(3, cushion('minimal'), drop(undefined, 4), not(terrain('track'))),
    g(2, cushion('minimal'), not(terrain('track'))),
    g(1, drop(undefined, 4), not(terrain('track'))),
  ),
  q(
    'intent',
    "women's trail shoe for hiking and rough trails",
    'A women’s protective trail shoe for hiking.',
    g(3, gender('women'), text('hiking')),
    g(2, gender('women'), terrain('trail')),
    g(1, gender('unisex', 'men'), text('hiking')),
  ),
  q(
    'intent',
    'mens daily trainer for easy miles',
    'A men’s versatile daily trainer.',
    g(3, gender('men', 'unisex'), DAILY),
    g(2, gender('men'), terrain('road'), cushion('moderate')),
    g(1, DAILY),
  ),
  q(
    'intent',
    'half gravel half pavement',
    'A road-to-trail (hybrid) shoe.',
    g(3, text('road to trail')),
    g(2, text('park paths')),
    g(1, terrain('trail'), cushion('max')),
  ),
  q('intent', 'narrow heel, my foot slides around', 'A narrow-width shoe.', g(3, width('narrow'))),
  q(
    'intent',
    'recovery day shoe for my husband',
    'A men’s plush, max-cushioned recovery shoe.',
    g(3, gender('men', 'unisex'), RECOVERY),
    g(2, gender('men'), cushion('max'), terrain('road')),
    g(1, RECOVERY),
  ),
  // attribute
  q('attribute', 'trail running shoes', 'Trail shoes.', g(3, terrain('trail'))),
  q('attribute', 'wide width', 'Wide-width shoes.', g(3, width('wide'))),
  q('attribute', 'zero drop', 'Shoes with a 0 mm drop.', g(3, drop(0, 0)), g(1, drop(1, 4))),
  q('attribute', 'womens', "Women's shoes.", g(3, gender('women')), g(2, gender('unisex'))),
  q('attribute', 'max cushion', 'Maximum-cushioned shoes.', g(3, cushion('max'))),
  q('attribute', '8mm drop', 'Shoes with an 8 mm drop.', g(3, drop(8, 8)), g(1, drop(6, 10))),
  q('attribute', 'spikes', 'Track spikes.', g(3, title('spike')), g(2, terrain('track'))),
  q('attribute', 'unisex', 'Unisex shoes.', g(3, gender('unisex'))),
  q('attribute', 'low drop', 'Low-drop shoes (4 mm or less).', g(3, drop(undefined, 4)), g(1, drop(5, 6))),
  q('attribute', 'stability', 'Stability shoes.', g(3, STABILITY)),
  q('attribute', "men's road", "Men's road shoes.", g(3, gender('men'), terrain('road')), g(2, gender('unisex'), terrain('road'))),
  // named
  q('named', 'speedcross', 'The Salomon Speedcross.', g(3, title('speedcross'))),
  q('named', '1080', 'The New Balance Fresh Foam X 1080 (typed by number).', g(3, prefix('1080'))),
  q('named', 'ghost 16', 'The Brooks Ghost 16.', g(3, title('ghost 16'))),
  q('named', 'clifton', 'The Hoka Clifton.', g(3, title('clifton'))),
  q('named', 'pegasus', 'Nike Pegasus (road, and Pegasus Trail).', g(3, title('pegasus 41')), g(2, title('pegasus'))),
  q('named', 'kayano', 'The Asics Gel-Kayano.', g(3, title('kayano'))),
  q('named', 'hoka', 'Hoka shoes.', g(3, brand('Hoka'))),
  q('named', 'vaporfly', 'The Nike Vaporfly.', g(3, title('vaporfly'))),
  q('named', 'brooks adrenaline', 'The Brooks Adrenaline GTS.', g(3, title('adrenaline')), g(1, brand('Brooks'), STABILITY)),
  q('named', '860', 'The New Balance 860 (typed by number).', g(3, prefix('860'))),
  q('named', 'saucony endorphin speed', 'The Saucony Endorphin Speed.', g(3, title('endorphin speed'))),
  // lexical
  q('lexical', 'salamon speedcross', 'The Salomon Speedcross (brand misspelt).', g(3, title('speedcross')), g(1, brand('Salomon'))),
  q('lexical', '1080 v14', 'The New Balance 1080v14 (typed with a space).', g(3, title('1080v14'))),
  q('lexical', 'gel nimbus', 'The Asics Gel-Nimbus (hyphen dropped).', g(3, title('gel nimbus'))),
  q('lexical', 'hokas', 'Hoka shoes (plural).', g(3, brand('Hoka'))),
  q('lexical', 'newbalance', 'New Balance (joined).', g(3, brand('New Balance'))),
  q('lexical', 'trailrunning shoes', 'Trail running shoes (joined).', g(3, terrain('trail'))),
  q(
    'lexical',
    'womans trail',
    "Women's trail shoes (typo).",
    g(3, gender('women'), terrain('trail')),
    g(1, gender('unisex'), terrain('trail')),
  ),
  q('lexical', 'adrenalin gts', 'The Brooks Adrenaline GTS (typo).', g(3, title('adrenaline gts'))),
  q('lexical', 'asics cumulus', 'The Asics Gel-Cumulus (without "gel").', g(3, title('cumulus'))),
  q(
    'lexical',
    'freshfoam more',
    'The New Balance Fresh Foam X More (joined).',
    g(3, title('fresh foam x more')),
    g(1, title('fresh foam')),
  ),
  // unanswerable part
  q('unanswerable-part', 'gore-tex trail shoes', 'No waterproof (GTX) data; trail shoes are what is left.', g(2, terrain('trail'))),
  q('unanswerable-part', 'carbon plate racer', 'No carbon-plate data; race-day shoes are the nearest.', g(2, RACE), g(1, title('spike'))),
  q(
    'unanswerable-part',
    'size 12 brooks for men',
    'No sizes listed; men’s Brooks shoes are what is left.',
    g(2, brand('Brooks'), gender('men', 'unisex')),
    g(1, brand('Brooks')),
  ),
  q(
    'unanswerable-part',
    'reflective shoes for running at night',
    'No reflective details; road running shoes are partly relevant.',
    g(1, terrain('road')),
  ),
  q('unanswerable-part', 'orthotic friendly stability shoe', 'No orthotic data; stability shoes are the nearest answer.', g(2, STABILITY)),
  q(
    'unanswerable-part',
    'kids running shoes size 3',
    'No kids’ shoes; nothing fits well, light unisex shoes partly.',
    g(1, gender('unisex'), not(title('spike'))),
  ),
  // none
  q('none', 'on cloudmonster', 'No On shoes in the catalog.'),
  q('none', 'football boots', 'No football boots or cleats in the catalog.'),
];
