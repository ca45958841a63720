import { type QuerySource, any, g, inCategory, is, oneOf, price, text, title } from '../dsl';

/** Books (validation-3, written blind). */
const q = inCategory('books');
const genre = (x: string) => is('genre', x);
const age = (x: string) => is('readingAge', x);
const fmt = (x: string) => is('format', x);

export const BOOKS: QuerySource[] = [
  q(
    'intent',
    'veggie friend who loves to cook',
    'a vegetarian (plant-based) cookbook',
    g(3, genre('cookbook'), title('Plant-Based')),
    g(1, genre('cookbook')),
  ),
  q(
    'intent',
    'civil war history buff, wants real history not novels',
    'a biography of a Civil War figure (Lincoln, Harriet Tubman)',
    g(3, genre('biography'), title('Abraham Lincoln', 'Harriet Tubman')),
    g(1, genre('biography')),
  ),
  q(
    'intent',
    'she just lost her husband, a novel that gets grief',
    'literary fiction about grief and loss; poems about loss are near',
    g(3, genre('literary fiction'), text('grief')),
    g(2, genre('poetry'), text('loss')),
    g(1, genre('literary fiction')),
  ),
  q(
    'intent',
    'light romance for her beach holiday',
    'an easy adult romance, ideally set by the sea',
    g(3, genre('romance'), age('adult'), text('seaside')),
    g(2, genre('romance'), age('adult')),
    g(1, genre('romance')),
  ),
  q(
    'intent',
    'pirate book 9yo',
    'a pirate adventure for ages 8-12',
    g(3, genre('adventure'), age('8-12'), any(text('pirates'), title('Treasure Island'))),
    g(2, genre('adventure'), age('8-12')),
    g(1, genre('adventure'), text('pirates')),
  ),
  q(
    'intent',
    'wobbly tooth picture book',
    'a picture book about losing a tooth',
    g(3, genre('picture book'), title('Lost a Tooth')),
    g(1, genre('picture book')),
  ),
  q(
    'intent',
    "classic novel audiobook for grandpa's woodworking sessions",
    'an adult classic as an audiobook',
    g(3, genre('classics'), age('adult'), fmt('audiobook')),
    g(2, genre('classics'), fmt('audiobook')),
    g(1, genre('classics'), age('adult')),
  ),
  q(
    'intent',
    'reads poems on her kindle, under 10 bucks',
    'a poetry ebook for $10 or less',
    g(3, genre('poetry'), fmt('ebook'), price(undefined, 10)),
    g(2, genre('poetry'), fmt('ebook')),
    g(1, genre('poetry'), price(undefined, 15)),
  ),
  q(
    'intent',
    'totally burnt out, needs to learn to slow down',
    'a self-help book about rest, calm and slowing down',
    g(3, genre('self-help'), title('Resting', 'Calm', 'Quiet', 'Unhurried')),
    g(2, genre('self-help'), text('rest')),
    g(1, genre('self-help')),
  ),
  q(
    'intent',
    'grown-up fantasy with scheming noble houses, not a kids book',
    'adult fantasy of rival houses and political intrigue',
    g(3, genre('fantasy'), age('adult'), text('rival houses')),
    g(2, genre('fantasy'), age('adult')),
    g(1, genre('fantasy'), age('young adult'), text('rival houses')),
  ),
  q(
    'intent',
    'spooky old-school gothic read for october',
    'a gothic horror classic (Dracula, Frankenstein); other Victorian uncanny classics are near',
    g(3, title('Dracula', 'Frankenstein')),
    g(2, title('Dorian Gray', 'Woman in White')),
  ),
  q(
    'intent',
    'cozy mystery for mum, nothing gory',
    'an adult cozy mystery; a gentle adult whodunit is near',
    g(3, genre('mystery'), age('adult'), text('cozy')),
    g(2, genre('mystery'), age('adult'), text('whodunit')),
    g(1, genre('mystery'), text('cozy')),
  ),
  q(
    'attribute',
    'paperback under $10',
    'paperbacks for $10 or less',
    g(3, fmt('paperback'), price(undefined, 10)),
    g(2, fmt('paperback'), price(undefined, 12)),
  ),
  q(
    'named',
    'agatha christie',
    "Agatha Christie's books",
    g(3, is('author', 'Agatha Christie')),
    g(1, genre('mystery'), oneOf('author', ['Arthur Conan Doyle', 'Wilkie Collins'])),
  ),
  q('lexical', 'wonderful wizzard of oz', 'The Wonderful Wizard of Oz (misspelt)', g(3, title('Wizard of Oz'))),
  q('unanswerable-part', 'heidi in german', 'Heidi; no edition is in German', g(2, title('Heidi'))),
];
