import { type QuerySource, g, inCategory, is, not, oneOf, price, range, text, title } from '../dsl';

/** Running shoes (validation-3, written blind). */
const q = inCategory('running_shoes');
const terrain = (x: string) => is('terrain', x);
const gender = (x: string) => is('gender', x);
const width = (x: string) => is('width', x);
const cushion = (x: string) => is('cushioning', x);

export const RUNNING_SHOES: QuerySource[] = [
  q(
    'intent',
    "just started couch to 5k, doesn't want to spend much",
    'an affordable, cushioned road shoe for a beginner (about $90 or less)',
    g(3, terrain('road'), not(cushion('minimal')), price(undefined, 90)),
    g(2, terrain('road'), not(cushion('minimal')), price(undefined, 120)),
    g(1, terrain('road'), text('daily trainer', 'everyday runs')),
  ),
  q(
    'intent',
    'muddy fell races, slipping everywhere',
    'a grippy trail shoe with aggressive lugs for mud',
    g(3, terrain('trail'), text('lugged')),
    g(2, terrain('trail')),
  ),
  q(
    'intent',
    'spikes 1st track season under 60',
    'a track spike for $60 or less',
    g(3, terrain('track'), price(undefined, 60)),
    g(2, terrain('track')),
  ),
  q(
    'intent',
    "women's race day shoe, she's going for a marathon PR",
    "a fast race-day road shoe in a women's or unisex fit",
    g(3, terrain('road'), text('race day'), oneOf('gender', ['women', 'unisex'])),
    g(2, terrain('road'), gender('women'), cushion('max')),
    g(1, terrain('road'), text('race day')),
  ),
  q(
    'intent',
    'husband wide feet, trail runs',
    "a men's trail shoe in wide width",
    g(3, terrain('trail'), gender('men'), width('wide')),
    g(1, terrain('trail'), gender('men')),
    g(1, gender('men'), width('wide')),
  ),
  q(
    'intent',
    'physio said more heel drop, achilles',
    "a women's shoe with a high (10 mm or more) heel-to-toe drop",
    g(3, gender('women'), range('dropMm', 10, undefined)),
    g(2, gender('women'), range('dropMm', 8, 9)),
    g(1, range('dropMm', 10, undefined)),
  ),
  q(
    'intent',
    'wants to try barefoot style running',
    'a minimal, barefoot-feel running shoe (not a track spike)',
    g(3, cushion('minimal'), oneOf('terrain', ['road', 'trail'])),
    g(2, range('dropMm', undefined, 4), cushion('moderate'), oneOf('terrain', ['road', 'trail'])),
  ),
  q(
    'intent',
    'gravel paths and pavement, one pair for both',
    'a road-to-trail shoe; a light-trail shoe is near',
    g(3, text('road-to-trail')),
    g(2, terrain('trail'), text('light trails')),
    g(1, terrain('trail')),
  ),
  q(
    'intent',
    'my wife has really narrow feet, she runs on roads',
    "a women's road shoe in narrow width",
    g(3, terrain('road'), gender('women'), width('narrow')),
    g(1, terrain('road'), gender('women')),
  ),
  q(
    'intent',
    'first ultra, 50 miles of trail, needs loads of cushion',
    'a max-cushioned trail shoe',
    g(3, terrain('trail'), cushion('max')),
    g(2, terrain('trail'), cushion('moderate')),
    g(1, terrain('road'), cushion('max')),
  ),
  q(
    'intent',
    'comfy shoe for nan, walks + the odd jog',
    "a comfortable, easy women's shoe for walking and light running",
    g(3, gender('women'), text('walks')),
    g(2, gender('women'), terrain('road'), text('daily trainer')),
    g(1, gender('women'), terrain('road'), not(cushion('minimal'))),
  ),
  q(
    'intent',
    'mum has flat feet and sore knees, needs support',
    "a women's stability shoe",
    g(3, gender('women'), text('stability')),
    g(1, text('stability')),
  ),
  q('attribute', '4mm drop', 'shoes with a 4 mm heel-to-toe drop', g(3, is('dropMm', 4)), g(2, is('dropMm', 5)), g(1, is('dropMm', 6))),
  q('named', 'gel kayano', 'the Asics Gel-Kayano', g(3, title('Kayano'))),
  q('lexical', 'pegusus trail', 'the Nike Pegasus Trail (misspelt)', g(3, title('Pegasus Trail')), g(1, title('Pegasus'))),
  q(
    'unanswerable-part',
    'reflective mens road shoe for night runs',
    "a men's road shoe; nothing is described as reflective",
    g(2, terrain('road'), gender('men')),
    g(1, terrain('road'), gender('unisex')),
  ),
];
