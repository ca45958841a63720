import { brand, g, inCategory, is, not, oneOf, price, range, text, title, type QuerySource } from './dsl';

const q = inCategory('headphones');
const type = (...t: string[]) => oneOf('type', t);
const wireless = is('wireless', true);
const wired = is('wireless', false);
const anc = is('noiseCancelling', true);
const mic = is('microphone', true);
const battery = (min: number | undefined, max: number | undefined) => range('batteryHours', min, max);
const SPORT = text('sport earbuds', 'ear hooks');
const OPEN_EAR = text('open ear');
const OPEN_BACK = text('open back');
const STUDIO = text('studio monitor', 'in ear monitor');

export const HEADPHONES: QuerySource[] = [
  // intent
  q(
    'intent',
    'headphones for the gym',
    'Secure wireless sport earbuds for workouts.',
    g(3, SPORT),
    g(2, type('earbuds'), wireless, not(text('gaming'))),
    g(1, text('neckband')),
  ),
  q(
    'intent',
    'noise cancelling for long flights',
    'Noise-cancelling headphones with long battery (20+ h) for flights; over-ear most comfortable.',
    g(3, anc, type('over-ear'), battery(20, undefined)),
    g(2, anc, battery(20, undefined)),
    g(1, anc),
  ),
  q(
    'intent',
    'really good headphones for classical music at home',
    'High-fidelity headphones for home listening: open-back over-ears best, studio/reference wired headphones good.',
    g(3, OPEN_BACK),
    g(2, wired, type('over-ear')),
    g(1, text('audiophile')),
  ),
  q(
    'intent',
    'for recording and mixing music',
    'Studio monitor headphones for recording and mixing.',
    g(3, STUDIO, type('over-ear')),
    g(2, STUDIO),
    g(2, text('studio headphones', 'reference')),
    g(1, OPEN_BACK),
  ),
  q(
    'intent',
    'cheap earbuds for my kid, under 30',
    'In-ear headphones or earbuds for $30 or less.',
    g(3, type('earbuds', 'in-ear'), price(undefined, 30)),
    g(2, type('earbuds', 'in-ear'), price(undefined, 50)),
    g(1, price(undefined, 30)),
  ),
  q(
    'intent',
    'work calls from home, need a good mic',
    'A headset with microphone and noise cancelling for calls.',
    g(3, mic, anc, type('over-ear', 'on-ear')),
    g(2, mic, anc),
    g(1, mic, wireless),
  ),
  q('intent', 'gaming headset', 'A gaming headset.', g(3, text('gaming'))),
  q(
    'intent',
    'small and light for the commute',
    'Compact noise-cancelling earbuds for commuting.',
    g(3, type('earbuds'), anc),
    g(2, type('earbuds', 'in-ear', 'on-ear'), wireless),
  ),
  q(
    'intent',
    'battery that lasts all week',
    'Headphones with very long battery (50+ hours).',
    g(3, battery(50, undefined)),
    g(2, battery(30, 49)),
  ),
  q('intent', 'i need to hear traffic when i run', 'Open-ear earbuds that keep a runner aware of traffic.', g(3, OPEN_EAR), g(1, SPORT)),
  q('intent', 'bass heavy headphones', 'Headphones tuned for strong bass.', g(3, text('extra bass')), g(1, brand('Beats'))),
  q('intent', "headphones i don't have to charge", 'Wired headphones (no battery).', g(3, wired)),
  q(
    'intent',
    'wireless headphones under $100 for my teenage son',
    'Wireless over- or on-ear headphones for $100 or less.',
    g(3, wireless, type('over-ear', 'on-ear'), price(undefined, 100)),
    g(2, wireless, price(undefined, 100)),
    g(1, wireless, type('over-ear', 'on-ear'), price(100, 130)),
  ),
  q(
    'intent',
    'gift for my audiophile dad',
    'Audiophile headphones: open-back or audiophile monitors; studio wired good.',
    g(3, text('audiophile')),
    g(2, OPEN_BACK),
    g(1, STUDIO),
  ),
  // attribute
  q('attribute', 'on ear', 'On-ear headphones.', g(3, type('on-ear'))),
  q('attribute', 'wireless', 'Wireless headphones.', g(3, wireless)),
  q('attribute', 'noise cancelling', 'Active noise-cancelling headphones.', g(3, anc)),
  q('attribute', 'over-ear', 'Over-ear headphones.', g(3, type('over-ear'))),
  q('attribute', 'wired', 'Wired headphones.', g(3, wired)),
  q('attribute', 'true wireless', 'True wireless earbuds.', g(3, text('true wireless')), g(2, type('earbuds'), wireless)),
  q('attribute', 'with microphone', 'Headphones with a built-in microphone.', g(3, mic)),
  q('attribute', '40 hour battery', 'About 40 hours of battery or more.', g(3, battery(40, undefined)), g(1, battery(30, 39))),
  q('attribute', 'in-ear', 'In-ear headphones (earbuds count).', g(3, type('in-ear')), g(2, type('earbuds'))),
  q('attribute', 'renewed', 'Renewed (refurbished) headphones.', g(3, title('renewed'))),
  q('attribute', 'open back', 'Open-back headphones.', g(3, OPEN_BACK)),
  // named
  q('named', 'wh-1000xm5', 'The Sony WH-1000XM5.', g(3, title('wh 1000xm5')), g(1, title('wh 1000xm4', 'wf 1000xm5'))),
  q('named', 'xm4', 'The Sony WH-1000XM4 (typed in part).', g(3, title('wh 1000xm4'))),
  q(
    'named',
    'bose quietcomfort ultra',
    'Bose QuietComfort Ultra (headphones and earbuds).',
    g(3, title('quietcomfort ultra')),
    g(1, title('quietcomfort')),
  ),
  q(
    'named',
    'momentum 4',
    'The Sennheiser Momentum 4 (headphones; the True Wireless 4 earbuds too).',
    g(3, title('momentum 4')),
    g(2, title('momentum true wireless 4')),
  ),
  q('named', 'ath-m50x', 'The Audio-Technica ATH-M50x (and the M50xBT2).', g(3, title('ath m50x')), g(2, title('ath m50xbt2'))),
  q('named', 'beats studio pro', 'The Beats Studio Pro.', g(3, title('studio pro')), g(1, title('studio buds'))),
  q('named', 'jbl tune', 'JBL Tune models.', g(3, brand('JBL'), title('tune'))),
  q('named', 'soundcore', 'Anker Soundcore products.', g(3, brand('Anker Soundcore'))),
  q('named', 'powerbeats', 'The Beats Powerbeats Pro 2.', g(3, title('powerbeats'))),
  q('named', 'hd 660s2', 'The Sennheiser HD 660S2.', g(3, title('hd 660s2'))),
  q('named', 'sennheiser', 'Sennheiser products.', g(3, brand('Sennheiser'))),
  // lexical
  q('lexical', 'noise canceling', 'Noise-cancelling headphones (American spelling).', g(3, anc)),
  q('lexical', 'over ear', 'Over-ear headphones (no hyphen).', g(3, type('over-ear'))),
  q('lexical', 'ear buds', 'Earbuds (split).', g(3, type('earbuds')), g(2, type('in-ear'))),
  q('lexical', 'headphone wireless', 'Wireless headphones (singular, reordered).', g(3, wireless)),
  q('lexical', 'sennheisser', 'Sennheiser (typo).', g(3, brand('Sennheiser'))),
  q('lexical', 'sony xm5', 'Sony 1000XM5 models (typed in part).', g(3, title('wh 1000xm5')), g(2, title('wf 1000xm5'))),
  q('lexical', 'quiet comfort', 'Bose QuietComfort (split).', g(3, title('quietcomfort'))),
  q('lexical', 'wirless earbuds', 'Wireless earbuds (typo).', g(3, type('earbuds'), wireless), g(1, type('in-ear'), wireless)),
  q('lexical', 'audio technica', 'Audio-Technica (no hyphen).', g(3, brand('Audio-Technica'))),
  q('lexical', 'onear headphones', 'On-ear headphones (joined).', g(3, type('on-ear'))),
  // unanswerable part
  q(
    'unanswerable-part',
    'airpods pro',
    'No AirPods; noise-cancelling true wireless earbuds are the nearest answer.',
    g(2, type('earbuds'), anc),
    g(1, brand('Beats'), type('earbuds')),
  ),
  q(
    'unanswerable-part',
    'waterproof earbuds for swimming',
    'No waterproof data; sport earbuds are the nearest answer.',
    g(2, SPORT),
    g(1, OPEN_EAR),
  ),
  q('unanswerable-part', 'bone conduction headphones', 'No bone conduction; open-ear earbuds are the nearest answer.', g(2, OPEN_EAR)),
  q('unanswerable-part', 'noise cancelling with aptx lossless', 'No codec data; noise-cancelling headphones are what is left.', g(2, anc)),
  q(
    'unanswerable-part',
    'kids volume limited headphones',
    'No volume-limiting data; cheap on-ear headphones are partly relevant.',
    g(1, type('on-ear'), price(undefined, 60)),
  ),
  q('unanswerable-part', 'sony headphones with usb-c', 'No connector data; Sony headphones are what is left.', g(2, brand('Sony'))),
  // none
  q('none', 'record player', 'No record players or audio equipment other than headphones.'),
  q('none', 'hearing aids', 'No hearing aids in the catalog.'),
];
