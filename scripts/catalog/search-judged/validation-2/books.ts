import { type QuerySource, any, g, inCategory, is, not, text, title } from '../dsl';

/** Books (validation-2, written blind). */
const q = inCategory('books');
const genre = (x: string) => is('genre', x);
const age = (x: string) => is('readingAge', x);
const fmt = (x: string) => is('format', x);

export const BOOKS: QuerySource[] = [
  q(
    'intent',
    "mum's eyes aren't great but she loves a whodunit",
    'an adult mystery that is easy on the eyes: large print, or one to listen to',
    g(3, genre('mystery'), age('adult'), title('Large Print')),
    g(2, genre('mystery'), age('adult'), fmt('audiobook')),
    g(1, genre('mystery'), age('adult')),
    g(1, title('Large Print'), age('adult')),
  ),
  q(
    'intent',
    'something to listen to on her long commute, she loves space stories',
    'a science fiction audiobook',
    g(3, genre('science fiction'), fmt('audiobook')),
    g(1, genre('science fiction')),
    g(1, genre('fantasy'), fmt('audiobook')),
  ),
  q(
    'intent',
    "bedtime book for a four year old who's scared of the dark",
    'a picture book about being afraid of the dark',
    g(3, genre('picture book'), title('Afraid of the Dark')),
    g(2, genre('picture book'), any(title("Couldn't Sleep", 'Goodnight'), text('bedtime'))),
    g(1, genre('picture book')),
  ),
  q(
    'intent',
    'ten year old girl who loves magic and dragons',
    'a fantasy book for ages 8-12',
    g(3, genre('fantasy'), age('8-12')),
    g(2, genre('fantasy'), age('young adult')),
    g(1, genre('fantasy')),
  ),
  q('intent', 'graduation gift for someone who keeps procrastinating', 'a self-help book on habits and focus', g(3, genre('self-help'))),
  q(
    'intent',
    'quick dinners after long shifts at work',
    'a cookbook of fast, easy everyday meals',
    g(3, genre('cookbook'), any(text('busy weeknights'), title('One-Pan', 'Sheet Pan', 'Slow Cooker')), not(title('Baking'))),
    g(2, genre('cookbook')),
  ),
  q(
    'intent',
    "page-turner for a long flight, can't put it down",
    'a gripping adult thriller',
    g(3, genre('thriller')),
    g(2, genre('mystery'), age('adult')),
  ),
  q(
    'intent',
    'a classic for my 11 year old to read on her tablet',
    "a children's classic as an ebook",
    g(3, genre('classics'), age('8-12'), fmt('ebook')),
    g(2, genre('classics'), age('8-12')),
    g(2, genre('classics'), age('young adult'), fmt('ebook')),
    g(1, age('8-12'), fmt('ebook')),
  ),
  q(
    'intent',
    'twelve year old who loves detective stories',
    'a mystery for ages 8-12',
    g(3, genre('mystery'), age('8-12')),
    g(2, genre('mystery'), age('young adult')),
    g(1, genre('mystery')),
  ),
  q(
    'intent',
    'my sixteen year old son is really into sci-fi',
    'science fiction for teen readers',
    g(3, genre('science fiction'), age('young adult')),
    g(2, genre('science fiction')),
  ),
  q(
    'intent',
    'grandpa likes novels about the war in europe',
    'historical fiction set in wartime Europe',
    g(3, genre('historical fiction'), text('continent at war')),
    g(2, genre('historical fiction')),
  ),
  q(
    'attribute',
    'hardcover fantasy for adults',
    'adult fantasy in hardcover',
    g(3, genre('fantasy'), fmt('hardcover'), age('adult')),
    g(2, genre('fantasy'), fmt('hardcover')),
    g(2, genre('fantasy'), age('adult')),
    g(1, genre('fantasy')),
  ),
  q(
    'attribute',
    'young adult audiobook',
    'audiobooks for teen readers',
    g(3, age('young adult'), fmt('audiobook')),
    g(1, age('young adult')),
    g(1, fmt('audiobook'), not(age('adult'))),
  ),
  q(
    'named',
    'sherlock holmes',
    'the Sherlock Holmes stories and novels',
    g(3, any(title('Sherlock Holmes', 'Hound of the Baskervilles'))),
    g(1, is('author', 'Arthur Conan Doyle')),
  ),
  q(
    'lexical',
    'pride and predjudice',
    'Pride and Prejudice (misspelt)',
    g(3, title('Pride and Prejudice')),
    g(1, is('author', 'Jane Austen')),
  ),
  q(
    'unanswerable-part',
    'signed copy of war and peace',
    'War and Peace; no copy is signed',
    g(2, title('War and Peace')),
    g(1, is('author', 'Leo Tolstoy')),
  ),
];
