import { type QuerySource, g, inCategory, is, not, oneOf, price, range, text, title } from '../dsl';

/** Running shoes (validation-2, written blind). */
const q = inCategory('running_shoes');
const road = is('terrain', 'road');
const trail = is('terrain', 'trail');
const track = is('terrain', 'track');

export const RUNNING_SHOES: QuerySource[] = [
  q(
    'intent',
    'my feet roll inward, need something supportive for the road',
    'a road stability shoe',
    g(3, road, text('stability shoe')),
    g(1, text('stable')),
  ),
  q(
    'intent',
    'wide feet and bunions, jogs most mornings',
    'a wide-fit road running shoe',
    g(3, road, is('width', 'wide')),
    g(2, is('width', 'wide')),
  ),
  q(
    'intent',
    'muddy fell races up in the hills',
    'a grippy, lugged trail shoe for mud',
    g(3, trail, text('lugged', 'mud')),
    g(2, trail, not(text('park paths'))),
    g(1, trail),
  ),
  q(
    'intent',
    'comfy shoe for walking and the odd jog, not spending much',
    'an inexpensive cushioned road shoe (about $100 or less)',
    g(3, road, price(undefined, 100), oneOf('cushioning', ['moderate', 'max'])),
    g(2, road, price(undefined, 130), oneOf('cushioning', ['moderate', 'max'])),
    g(1, price(undefined, 100), not(track)),
  ),
  q(
    'intent',
    'knees ache after long runs, wants the softest ride',
    'a maximally cushioned road shoe',
    g(3, road, is('cushioning', 'max')),
    g(2, trail, is('cushioning', 'max')),
    g(1, road, is('cushioning', 'moderate')),
  ),
  q(
    'intent',
    'she is training for her first half marathon',
    "a cushioned women's (or unisex) road shoe for distance",
    g(3, road, is('gender', 'women'), oneOf('cushioning', ['moderate', 'max'])),
    g(2, road, is('gender', 'unisex'), oneOf('cushioning', ['moderate', 'max'])),
    g(1, road, is('gender', 'women')),
  ),
  q(
    'intent',
    'likes to feel the ground, barefoot style running',
    'a minimal, low-drop shoe (not a track spike)',
    g(3, is('cushioning', 'minimal'), range('dropMm', undefined, 4), not(track)),
    g(2, is('cushioning', 'minimal'), not(track)),
    g(1, is('cushioning', 'minimal')),
  ),
  q(
    'intent',
    'my husband runs ultramarathons on mountain trails',
    "a max-cushioned men's (or unisex) trail shoe",
    g(3, trail, oneOf('gender', ['men', 'unisex']), is('cushioning', 'max')),
    g(2, trail, oneOf('gender', ['men', 'unisex'])),
    g(1, trail, is('cushioning', 'max')),
  ),
  q(
    'intent',
    'narrow heel, shoes always slip off, for a woman',
    "a narrow-fit women's shoe",
    g(3, is('width', 'narrow'), oneOf('gender', ['women', 'unisex'])),
    g(1, is('width', 'narrow')),
  ),
  q(
    'intent',
    'runs on gravel paths and pavement in the same outing',
    'a hybrid road-to-trail shoe',
    g(3, text('road-to-trail')),
    g(2, text('park paths')),
    g(1, trail),
  ),
  q(
    'intent',
    'physio told him to avoid low drop shoes, achilles trouble',
    'a road shoe with a high (8 mm or more) heel-to-toe drop',
    g(3, range('dropMm', 8, undefined), road),
    g(2, range('dropMm', 8, undefined), trail),
    g(1, range('dropMm', 6, 7), not(track)),
  ),
  q('attribute', 'zero drop', 'a 0 mm heel-to-toe drop', g(3, range('dropMm', undefined, 0)), g(1, range('dropMm', undefined, 2))),
  q(
    'attribute',
    'wide fit trail shoe',
    'trail shoes in wide width',
    g(3, trail, is('width', 'wide')),
    g(1, trail),
    g(1, is('width', 'wide')),
  ),
  q('named', 'gel kayano', 'the Asics Gel-Kayano', g(3, title('Gel-Kayano')), g(1, text('stability shoe'))),
  q('lexical', 'hoka speed goat', 'the Hoka Speedgoat (split word)', g(3, title('Speedgoat')), g(1, title('Hoka'), trail)),
  q(
    'unanswerable-part',
    'waterproof gore-tex trail shoe for women',
    "a women's trail shoe; none is waterproof",
    g(2, trail, oneOf('gender', ['women', 'unisex'])),
    g(1, trail),
  ),
];
