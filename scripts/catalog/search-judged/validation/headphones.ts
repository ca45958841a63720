import { brand, g, inCategory, is, not, oneOf, prefix, price, range, title, type QuerySource } from '../dsl';

const q = inCategory('headphones');
const nc = is('noiseCancelling', true);
const overEar = is('type', 'over-ear');
const buds = oneOf('type', ['earbuds', 'in-ear']);
const wireless = is('wireless', true);
const wired = is('wireless', false);
const mic = is('microphone', true);

/** Validation queries for the headphone chat, written blind (see tests/fixtures/search-judged/README.md). */
export const HEADPHONES_VALIDATION: QuerySource[] = [
  q(
    'intent',
    'noisy open plan office, need to concentrate',
    'Noise-cancelling over-ear headphones; noise-cancelling earbuds or on-ears are near, plain over-ears partly relevant.',
    g(3, nc, overEar),
    g(2, nc),
    g(1, overEar),
  ),
  q(
    'intent',
    'long haul flights to see family overseas',
    'Noise-cancelling over-ears lasting 30+ hours; other noise-cancelling headphones are near, long-battery over-ears without ANC partly relevant.',
    g(3, nc, overEar, range('batteryHours', 30, undefined)),
    g(2, nc),
    g(1, overEar, wireless, range('batteryHours', 30, undefined)),
  ),
  q(
    'intent',
    'running in the rain, need buds that stay put',
    'Wireless sport earbuds that stay in; other wireless earbuds are near.',
    g(3, buds, wireless, title('Sport')),
    g(2, buds, wireless),
  ),
  q(
    'intent',
    'recording podcasts and mixing at home',
    'Wired studio or reference monitor headphones; other wired over-ears (open-back, audiophile) are near.',
    g(3, wired, title('Studio Monitor', 'In-Ear Monitor', 'Reference')),
    g(2, wired, overEar),
    g(1, title('Studio Headphones')),
  ),
  q(
    'intent',
    'on video calls all day working from home',
    'Wireless over- or on-ear headphones with a microphone; earbuds with a mic are near, wired ones with a mic partly relevant.',
    g(3, mic, wireless, oneOf('type', ['over-ear', 'on-ear'])),
    g(2, mic, wireless),
    g(1, mic),
  ),
  q(
    'intent',
    'my teenager wants a gaming headset',
    'A gaming headset; other over-ears with a microphone are partly relevant.',
    g(3, title('Gaming')),
    g(1, overEar, mic),
  ),
  q(
    'intent',
    'cheap earbuds my kid can lose without me crying',
    'Earbuds or in-ears for $30 or less; up to $50 is near, cheap on-ears partly relevant.',
    g(3, buds, price(undefined, 30)),
    g(2, buds, price(30.01, 50)),
    g(1, price(undefined, 40)),
  ),
  q(
    'intent',
    'classical music at home, sound quality first',
    'Open-back or audiophile headphones for home listening; wired studio/reference monitors are near.',
    g(3, title('Open-Back', 'Audiophile', 'Home Listening')),
    g(2, wired, title('Studio Monitor', 'Reference')),
  ),
  q(
    'intent',
    'cyclist who needs to hear the traffic',
    'Open-ear earbuds that leave the ears free; other wireless earbuds without noise cancelling are partly relevant.',
    g(3, title('Open-Ear')),
    g(1, buds, wireless, not(nc)),
  ),
  q(
    'intent',
    'new phone has no headphone jack, under 60 dollars',
    'Wireless headphones for $60 or less; up to $80 is near.',
    g(3, wireless, price(undefined, 60)),
    g(2, wireless, price(60.01, 80)),
  ),
  q(
    'intent',
    'I always forget to charge things',
    'Headphones lasting 50+ hours; 40+ hours or wired ones (nothing to charge) are near, 30+ hours partly relevant.',
    g(3, range('batteryHours', 50, undefined)),
    g(2, range('batteryHours', 40, 49.99)),
    g(2, wired),
    g(1, range('batteryHours', 30, 39.99)),
  ),
  q(
    'intent',
    'refurbished noise cancelling to save money',
    'Renewed (refurbished) noise-cancelling headphones; other renewed ones are near, new noise-cancelling ones under $100 partly relevant.',
    g(3, title('Renewed'), nc),
    g(2, title('Renewed')),
    g(1, nc, price(undefined, 100)),
  ),
  q('intent', 'present for someone who lives for heavy bass', 'Headphones sold for extra bass.', g(3, title('Extra Bass'))),
  q(
    'attribute',
    'wired with mic',
    'Wired headphones with a microphone; wired ones without a mic are partly relevant.',
    g(3, wired, mic),
    g(1, wired),
  ),
  q(
    'attribute',
    'in-ear noise cancelling',
    'Noise-cancelling earbuds or in-ears; earbuds without noise cancelling are partly relevant.',
    g(3, buds, nc),
    g(1, buds),
  ),
  q(
    'named',
    'quietcomfort ultra',
    'The Bose QuietComfort Ultra (headphones or earbuds); other QuietComfort models are near.',
    g(3, title('QuietComfort Ultra')),
    g(2, title('QuietComfort')),
  ),
  q(
    'named',
    'ath-m50',
    'The Audio-Technica ATH-M50x family, typed in part; the other ATH-M studio models are partly relevant.',
    g(3, brand('Audio-Technica'), prefix('m50')),
    g(1, brand('Audio-Technica'), prefix('m20', 'm40')),
  ),
  q(
    'lexical',
    'soundcore liberty 4nc',
    'The Anker Soundcore Liberty 4 NC ("4 NC" joined); other Soundcore earbuds are partly relevant.',
    g(3, title('Liberty 4 NC')),
    g(1, brand('Anker Soundcore'), buds),
  ),
  q(
    'lexical',
    'beats studio buds plus',
    'The Beats Studio Buds + ("+" spelt out); other Beats earbuds are partly relevant.',
    g(3, title('Studio Buds +')),
    g(1, brand('Beats'), buds),
  ),
  q(
    'unanswerable-part',
    'bose noise cancelling with lightning cable',
    'A Lightning cable is not in the catalog; Bose noise-cancelling headphones are the nearest.',
    g(2, brand('Bose'), nc),
    g(1, brand('Bose')),
  ),
  q(
    'unanswerable-part',
    'sony earbuds with wireless charging case',
    'Wireless charging is not in the catalog; Sony wireless earbuds are the nearest.',
    g(2, brand('Sony'), is('type', 'earbuds')),
    g(1, brand('Sony'), buds),
  ),
  q('none', 'record player', 'A turntable; the catalog has only headphones.'),
];
