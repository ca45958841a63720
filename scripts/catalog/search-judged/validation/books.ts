import { any, g, inCategory, is, price, range, text, title, type QuerySource } from '../dsl';

const q = inCategory('books');
const adult = is('readingAge', 'adult');
const ya = is('readingAge', 'young adult');
const kids = is('readingAge', '8-12');
const little = is('readingAge', '3-5');
const audio = is('format', 'audiobook');
const classic = any(is('genre', 'classics'), title('Classics'));

/** Validation queries for the book chat, written blind (see tests/fixtures/search-judged/README.md). */
export const BOOKS_VALIDATION: QuerySource[] = [
  q(
    'intent',
    'bedtime story for a little one scared of the dark',
    'A picture book about being afraid of the dark; other bedtime picture books are near, other picture books partly relevant.',
    g(3, little, title('Afraid of the Dark')),
    g(2, little, any(text('bedtime'), title("Couldn't Sleep"))),
    g(1, little),
  ),
  q(
    'intent',
    'audiobook to fill a long drive across the country',
    'A long audiobook (500+ pages in print); shorter audiobooks are near or partly relevant.',
    g(3, audio, range('pages', 500, undefined)),
    g(2, audio, range('pages', 300, 499)),
    g(1, audio),
  ),
  q(
    'intent',
    'my 11 year old only wants mysteries',
    'A mystery for 8 to 12 year olds; teen mysteries are near, other 8–12 books partly relevant.',
    g(3, kids, is('genre', 'mystery')),
    g(2, ya, is('genre', 'mystery')),
    g(1, kids),
  ),
  q(
    'intent',
    "grandma's eyesight is going but she loves a whodunit",
    'An adult mystery in large print; a mystery audiobook or another large-print adult book is near, other adult mysteries partly relevant.',
    g(3, adult, is('genre', 'mystery'), title('Large Print')),
    g(2, adult, is('genre', 'mystery'), audio),
    g(2, adult, title('Large Print')),
    g(1, adult, is('genre', 'mystery')),
  ),
  q(
    'intent',
    'sci-fi for a 15 year old boy',
    'Young-adult science fiction; YA fantasy or adult science fiction is near, other YA books partly relevant.',
    g(3, ya, is('genre', 'science fiction')),
    g(2, ya, is('genre', 'fantasy')),
    g(2, is('genre', 'science fiction')),
    g(1, ya),
  ),
  q(
    'intent',
    'cheap classic to read on my kindle on holiday',
    'A classic as an ebook for $5 or less; other cheap classics are near, other cheap ebooks partly relevant.',
    g(3, classic, is('format', 'ebook'), price(undefined, 5)),
    g(2, classic, price(undefined, 10)),
    g(1, is('format', 'ebook'), price(undefined, 5)),
  ),
  q(
    'intent',
    'gift for someone just learning to cook',
    'A cookbook of simple recipes; other cookbooks are near.',
    g(3, is('genre', 'cookbook'), text('simple recipes')),
    g(2, is('genre', 'cookbook')),
  ),
  q(
    'intent',
    'dad only reads about real people from history',
    'A biography; historical fiction is near.',
    g(3, is('genre', 'biography')),
    g(2, is('genre', 'historical fiction')),
  ),
  q(
    'intent',
    'burnt out at work and need to slow down',
    'A self-help book about rest and calm; other self-help books are near.',
    g(3, is('genre', 'self-help'), any(text('rest'), title('Resting', 'Calm', 'Quiet', 'Unhurried'))),
    g(2, is('genre', 'self-help')),
  ),
  q(
    'intent',
    'easy beach read, something romantic',
    'A light adult romance, best one set by the sea; other romances are near.',
    g(3, adult, is('genre', 'romance'), text('seaside')),
    g(2, is('genre', 'romance')),
  ),
  q(
    'intent',
    'my 13 year old niece loves dragons and magic',
    'A young-adult fantasy with dragons; other YA fantasy or dragon fantasy for 8–12 is near, adult dragon fantasy partly relevant.',
    g(3, ya, is('genre', 'fantasy'), any(text('dragons'), title('Dragons', 'Dragon'))),
    g(2, ya, is('genre', 'fantasy')),
    g(2, kids, is('genre', 'fantasy'), any(text('dragons'), title('Dragons', 'Dragon'))),
    g(1, is('genre', 'fantasy'), any(text('dragons'), title('Dragons', 'Dragon'))),
  ),
  q(
    'intent',
    'first chapter book for a kid just reading on his own',
    'A short book (up to 220 pages) for 8 to 12 year olds; longer 8–12 books are near, picture books partly relevant.',
    g(3, kids, range('pages', undefined, 220)),
    g(2, kids, range('pages', 221, 280)),
    g(1, any(kids, little)),
  ),
  q(
    'attribute',
    'under 200 pages',
    'Books of 200 pages or fewer; up to 220 is partly relevant.',
    g(3, range('pages', undefined, 200)),
    g(1, range('pages', 201, 220)),
  ),
  q(
    'attribute',
    'young adult fantasy',
    'Fantasy for young adults; other YA books or other fantasy are partly relevant.',
    g(3, ya, is('genre', 'fantasy')),
    g(1, any(ya, is('genre', 'fantasy'))),
  ),
  q('named', 'tolstoy', 'Books by Leo Tolstoy.', g(3, is('author', 'Leo Tolstoy'))),
  q(
    'named',
    'anne of green gables audiobook',
    'Anne of Green Gables as an audiobook; other editions are near.',
    g(3, title('Anne of Green Gables'), audio),
    g(2, title('Anne of Green Gables')),
  ),
  q(
    'lexical',
    'sherlok holmes',
    'The Sherlock Holmes books (misspelt); other Conan Doyle books are near.',
    g(3, title('Sherlock Holmes')),
    g(2, is('author', 'Arthur Conan Doyle')),
  ),
  q(
    'lexical',
    'war and peace e-book',
    'War and Peace as an ebook ("e-book" hyphenated); other editions are near.',
    g(3, title('War and Peace'), is('format', 'ebook')),
    g(2, title('War and Peace')),
  ),
  q(
    'unanswerable-part',
    'signed copy of pride and prejudice',
    'A signed copy is not in the catalog; an edition of Pride and Prejudice is the nearest, other Austen partly relevant.',
    g(2, title('Pride and Prejudice')),
    g(1, is('author', 'Jane Austen')),
  ),
  q(
    'unanswerable-part',
    'anne of green gables in french',
    'A French translation is not in the catalog; the English editions are only partly relevant.',
    g(1, title('Anne of Green Gables')),
  ),
  q('none', 'sudoku puzzle book', 'A puzzle book; the catalog has none.'),
];
