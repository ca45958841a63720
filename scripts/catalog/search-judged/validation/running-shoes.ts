import { any, brand, g, inCategory, is, not, price, prefix, range, text, title, type QuerySource } from '../dsl';

const q = inCategory('running_shoes');
const road = is('terrain', 'road');
const trail = is('terrain', 'trail');
const women = is('gender', 'women');
const men = is('gender', 'men');
const wide = is('width', 'wide');

/** Validation queries for the running-shoe chat, written blind (see tests/fixtures/search-judged/README.md). */
export const RUNNING_SHOES_VALIDATION: QuerySource[] = [
  q(
    'intent',
    'flat feet and my knees ache after runs',
    'A supportive stability shoe; a max-cushioned (non-racing) road shoe is near, other road shoes partly relevant.',
    g(3, text('stability shoe')),
    g(2, road, is('cushioning', 'max'), not(text('race day'))),
    g(1, road),
  ),
  q(
    'intent',
    'first 5k, total beginner on a tight budget',
    'A road running shoe for $100 or less; up to $130 is near, other road shoes partly relevant.',
    g(3, road, price(undefined, 100)),
    g(2, road, price(100.01, 130)),
    g(1, road),
  ),
  q(
    'intent',
    'muddy cross country races this winter',
    'A grippy, lugged trail shoe for mud; other trail shoes are near, track spikes partly relevant.',
    g(3, trail, text('lugged')),
    g(2, trail),
    g(1, is('terrain', 'track')),
  ),
  q(
    'intent',
    'my wife has wide feet and runs on pavement',
    "A women's road shoe in wide width; a women's wide trail shoe is near, a standard-width women's road shoe partly relevant.",
    g(3, women, wide, road),
    g(2, women, wide),
    g(1, women, road),
  ),
  q('intent', 'sprinter on the high school track team', 'A track spike for sprints.', g(3, is('terrain', 'track'))),
  q(
    'intent',
    'ultramarathon in the mountains, want max cushion',
    'A max-cushioned trail shoe; moderately cushioned trail shoes are near, max-cushioned road shoes partly relevant.',
    g(3, trail, is('cushioning', 'max')),
    g(2, trail, is('cushioning', 'moderate')),
    g(1, is('cushioning', 'max')),
  ),
  q(
    'intent',
    'race day shoe to chase a marathon PR',
    'A lightweight, responsive road racing shoe; a plush long-run road shoe is near, other road shoes partly relevant.',
    g(3, road, text('race day')),
    g(2, road, text('long runs')),
    g(1, road),
  ),
  q(
    'intent',
    'want to feel the ground, barefoot style',
    'A minimally cushioned road or trail shoe; a low-drop (4 mm or less) moderate shoe is near, track spikes partly relevant.',
    g(3, is('cushioning', 'minimal'), any(road, trail)),
    g(2, range('dropMm', undefined, 4), is('cushioning', 'moderate')),
    g(1, is('cushioning', 'minimal')),
  ),
  q(
    'intent',
    'comfy shoe for walking the dog and easy jogs',
    'An affordable, comfortable shoe for everyday runs and walks; a versatile daily trainer is near, plush road shoes partly relevant.',
    g(3, text('runs and walks')),
    g(2, text('daily trainer')),
    g(1, road, is('cushioning', 'max'), not(text('race day'))),
  ),
  q(
    'intent',
    'big guy who needs loads of cushioning on the road',
    "A men's max-cushioned road shoe; unisex max or men's moderate road shoes are near, women's max road shoes partly relevant.",
    g(3, men, road, is('cushioning', 'max')),
    g(2, is('gender', 'unisex'), road, is('cushioning', 'max')),
    g(2, men, road, is('cushioning', 'moderate')),
    g(1, road, is('cushioning', 'max')),
  ),
  q(
    'intent',
    'achilles problems, physio said get a higher heel drop',
    'A shoe with a 10 mm or higher heel-to-toe drop; 8–9 mm is near.',
    g(3, range('dropMm', 10, undefined)),
    g(2, range('dropMm', 8, 9)),
  ),
  q(
    'intent',
    'gravel paths and some road on the same run',
    'A road-to-trail hybrid; a light-trail shoe is near, other moderate trail shoes partly relevant.',
    g(3, text('road-to-trail')),
    g(2, text('light trails')),
    g(1, trail, is('cushioning', 'moderate')),
  ),
  q(
    'intent',
    "narrow feet, always slipping out of shoes, women's",
    "A women's shoe in narrow width; narrow men's or unisex shoes are partly relevant.",
    g(3, women, is('width', 'narrow')),
    g(1, is('width', 'narrow')),
  ),
  q(
    'attribute',
    'zero drop',
    'Shoes with a 0 mm heel-to-toe drop; 2 mm is near.',
    g(3, range('dropMm', 0, 0)),
    g(2, range('dropMm', 1, 2)),
  ),
  q(
    'attribute',
    'wide width trail shoes',
    'Trail shoes in wide width; wide road shoes are partly relevant.',
    g(3, trail, wide),
    g(1, wide),
  ),
  q('named', 'kayano 31', 'The Asics Gel-Kayano 31.', g(3, title('Kayano'))),
  q(
    'named',
    'speedgoat',
    'The Hoka Speedgoat; other Hoka trail shoes are partly relevant.',
    g(3, title('Speedgoat')),
    g(1, brand('Hoka'), trail),
  ),
  q(
    'lexical',
    'saucony endorphine',
    'The Saucony Endorphin Speed (misspelt); other Saucony racing shoes are partly relevant.',
    g(3, title('Endorphin')),
    g(1, brand('Saucony'), text('race day')),
  ),
  q(
    'lexical',
    'newbalance 880',
    'The New Balance Fresh Foam X 880v14 (brand joined, version typed in part); other New Balance road shoes are partly relevant.',
    g(3, brand('New Balance'), prefix('880')),
    g(1, brand('New Balance'), road),
  ),
  q(
    'unanswerable-part',
    'trail shoe with boa laces for women',
    "BOA lacing is not in the catalog; women's trail shoes are the nearest.",
    g(2, women, trail),
    g(1, trail, not(women)),
  ),
  q(
    'unanswerable-part',
    'brooks ghost with memory foam insole',
    'A memory-foam insole is not in the catalog; the Brooks Ghost is the nearest, other Brooks road shoes partly relevant.',
    g(2, title('Ghost')),
    g(1, brand('Brooks'), road),
  ),
  q('none', 'soccer cleats', 'Football boots; the catalog has running shoes and track spikes only.'),
];
