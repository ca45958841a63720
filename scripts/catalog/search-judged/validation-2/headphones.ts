import { type QuerySource, brand, g, inCategory, is, not, oneOf, price, range, title } from '../dsl';

/** Headphones (validation-2, written blind). */
const q = inCategory('headphones');
const type = (x: string) => is('type', x);
const nc = is('noiseCancelling', true);
const wireless = is('wireless', true);
const wired = is('wireless', false);
const buds = oneOf('type', ['earbuds', 'in-ear']);
const renewed = title('Renewed');

export const HEADPHONES: QuerySource[] = [
  q(
    'intent',
    'blocking out engine noise on long haul flights',
    'wireless noise-cancelling over-ear headphones',
    g(3, nc, type('over-ear'), wireless),
    g(2, nc),
  ),
  q(
    'intent',
    'my teenager keeps losing earbuds, want cheap ones',
    'inexpensive earbuds (about $50 or less)',
    g(3, buds, price(undefined, 50)),
    g(2, buds, price(undefined, 80)),
    g(1, price(undefined, 50)),
  ),
  q(
    'intent',
    'they keep falling out of my ears at the gym',
    'secure-fitting sport earbuds',
    g(3, title('Sport', 'Ear Hooks')),
    g(1, buds, wireless),
  ),
  q(
    'intent',
    'son records his own music and needs accurate monitors',
    'studio monitor headphones',
    g(3, title('Studio Monitor', 'Studio Headphones')),
    g(2, title('Reference', 'Monitors', 'In-Ear Monitor')),
  ),
  q(
    'intent',
    'on video calls all day from home, comfort matters',
    'comfortable over-ear headphones with a microphone',
    g(3, type('over-ear'), is('microphone', true)),
    g(2, type('on-ear'), is('microphone', true)),
    g(1, buds, is('microphone', true)),
  ),
  q(
    'intent',
    'hates charging things, battery should last forever',
    'very long battery life (50 hours or more), or nothing to charge at all',
    g(3, wireless, range('batteryHours', 50, undefined)),
    g(2, wireless, range('batteryHours', 30, 49.9)),
    g(2, wired),
  ),
  q(
    'intent',
    'serious listening at home in a quiet room, sound quality first',
    'open-back or audiophile wired headphones',
    g(3, title('Open-Back', 'Audiophile')),
    g(2, wired, type('over-ear')),
    g(1, wired),
  ),
  q(
    'intent',
    'cheap wired earphones with a mic for an old phone',
    'wired in-ear headphones with a microphone',
    g(3, wired, type('in-ear'), is('microphone', true)),
    g(2, wired, type('in-ear')),
    g(1, wired),
  ),
  q(
    'intent',
    'wants to chat with friends while playing online games',
    'a gaming headset with a microphone',
    g(3, title('Gaming')),
    g(1, type('over-ear'), is('microphone', true), wireless),
  ),
  q(
    'intent',
    'cycles to work and needs to hear the traffic',
    'open-ear headphones that leave the ears free',
    g(3, title('Open-Ear', 'Open Earbuds')),
  ),
  q(
    'intent',
    'happy with a refurb to save money, sony noise cancelling',
    'renewed Sony noise-cancelling headphones',
    g(3, brand('Sony'), nc, renewed),
    g(2, brand('Sony'), nc),
    g(1, nc, renewed),
  ),
  q(
    'attribute',
    'on ear with noise cancelling',
    'on-ear headphones with active noise cancelling',
    g(3, type('on-ear'), nc),
    g(1, type('on-ear')),
    g(1, type('over-ear'), nc),
  ),
  q('named', 'wh-1000xm5', 'the Sony WH-1000XM5', g(3, title('WH-1000XM5')), g(2, title('WH-1000XM4'))),
  q(
    'lexical',
    'noise cancelling ear buds',
    'noise-cancelling earbuds (split compound)',
    g(3, nc, type('earbuds')),
    g(1, type('earbuds')),
    g(1, nc),
  ),
  q(
    'lexical',
    'senheiser momentum 4',
    'the Sennheiser Momentum 4 (misspelt brand)',
    g(3, title('Momentum 4 Wireless')),
    g(2, title('Momentum True Wireless 4')),
    g(1, brand('Sennheiser'), nc),
  ),
  q(
    'unanswerable-part',
    'bone conduction headphones for running',
    'sport or open-ear headphones for running; none uses bone conduction',
    g(2, title('Open-Ear', 'Sport')),
    g(1, buds, wireless, not(title('Open-Ear', 'Sport'))),
  ),
];
