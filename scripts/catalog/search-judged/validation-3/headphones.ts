import { type QuerySource, any, brand, g, inCategory, is, not, price, range, title } from '../dsl';

/** Headphones (validation-3, written blind). */
const q = inCategory('headphones');
const type = (x: string) => is('type', x);
const nc = is('noiseCancelling', true);
const wired = is('wireless', false);
const mic = is('microphone', true);

export const HEADPHONES: QuerySource[] = [
  q(
    'intent',
    'mixing music in his bedroom studio, budget around 100',
    'wired studio monitor headphones for about $100',
    g(3, title('Studio Monitor'), price(undefined, 110)),
    g(2, any(title('Studio Monitor'), title('Studio Headphones'), title('Reference'))),
    g(1, wired, type('over-ear')),
  ),
  q(
    'intent',
    'open plan office and constant zoom calls, under $100',
    'noise cancelling headphones with a microphone for $100 or less',
    g(3, nc, mic, price(undefined, 100)),
    g(2, nc, mic, price(undefined, 150)),
    g(1, mic, price(undefined, 100)),
  ),
  q(
    'intent',
    "gym earbuds that don't fall out",
    'sport earbuds that stay put (hooks, sport fit)',
    g(3, title('Sport')),
    g(2, type('earbuds'), is('wireless', true)),
    g(2, title('Neckband')),
  ),
  q(
    'intent',
    'jogs along busy roads, wants to hear traffic',
    'open-ear earbuds that leave the ears open; sport earbuds without noise cancelling are near',
    g(3, title('Open-Ear')),
    g(2, title('Sport'), not(nc)),
    g(1, type('earbuds'), not(nc)),
  ),
  q(
    'intent',
    "cheap wired ones for my kid's school chromebook",
    'inexpensive wired headphones ($30 or less)',
    g(3, wired, price(undefined, 30)),
    g(1, price(undefined, 30)),
  ),
  q(
    'intent',
    'long haul flights, 14 hours of engine drone',
    'over-ear noise cancelling headphones with 24+ hours of battery',
    g(3, type('over-ear'), nc, range('batteryHours', 24, undefined)),
    g(2, nc),
    g(1, type('over-ear'), is('wireless', true), range('batteryHours', 24, undefined)),
  ),
  q(
    'intent',
    'teenager wants loud bassy headphones',
    'headphones with extra bass',
    g(3, title('Extra Bass')),
    g(1, type('over-ear'), is('wireless', true)),
  ),
  q('intent', 'gaming headset son bday', 'a gaming headset with a microphone', g(3, title('Gaming')), g(1, type('over-ear'), mic)),
  q(
    'intent',
    'refurb noise cancelling is ok, cheap',
    'renewed (refurbished) noise cancelling headphones; cheap new ones are near',
    g(3, title('Renewed'), nc),
    g(2, nc, price(undefined, 80)),
    g(1, title('Renewed')),
  ),
  q(
    'intent',
    'light on-ear pair for my 11yo daughter, under 50',
    'lightweight on-ear headphones for $50 or less',
    g(3, type('on-ear'), price(undefined, 50)),
    g(2, type('on-ear'), price(undefined, 80)),
    g(1, type('over-ear'), price(undefined, 50)),
  ),
  q('intent', 'keeps losing earbuds, wants them on a cord', 'neckband earphones', g(3, title('Neckband')), g(1, type('in-ear'), wired)),
  q(
    'intent',
    'drummer in ears gigs',
    'wired in-ear monitors for stage use',
    g(3, type('in-ear'), wired, title('Monitor', 'Monitors')),
    g(1, type('in-ear'), wired),
  ),
  q(
    'attribute',
    '60 hour battery',
    'headphones with 60 or more hours of battery',
    g(3, range('batteryHours', 60, undefined)),
    g(2, range('batteryHours', 50, 59)),
  ),
  q(
    'named',
    'quietcomfort ultra',
    'the Bose QuietComfort Ultra headphones and earbuds',
    g(3, title('QuietComfort Ultra')),
    g(1, title('QuietComfort')),
  ),
  q('lexical', 'senheiser hd 280', 'the Sennheiser HD 280 Pro (brand misspelt)', g(3, title('HD 280')), g(1, brand('Sennheiser'), wired)),
  q(
    'unanswerable-part',
    'bone conduction headphones for running',
    'open-ear headphones for running; none is bone conduction',
    g(2, title('Open-Ear')),
    g(1, title('Sport')),
  ),
];
