import type { DefaultAttributes } from '../../../lib/catalog/default-attributes';
import type { Rng } from '../../../lib/random';
import type { CategoryGen, Draft, Want } from '../types';
import { choose, shopPrice } from '../util';
import { type Age, BLURBS, CLASSICS, GENRE_AGES, W, type Work } from './books-data';

type Format = DefaultAttributes['books']['format'];
const FORMATS: readonly Format[] = ['hardcover', 'paperback', 'paperback', 'ebook', 'audiobook'];
const FORMAT_LABEL: Record<Format, string> = {
  hardcover: 'Hardcover',
  paperback: 'Paperback',
  ebook: 'eBook Edition',
  audiobook: 'Unabridged Audiobook',
};
const FICTION = new Set(['mystery', 'thriller', 'romance', 'science fiction', 'fantasy', 'historical fiction', 'literary fiction']);

function inventTitle(rng: Rng, genre: string, age: Age): string {
  const p = rng.pick;
  switch (genre) {
    case 'mystery':
      return age === 'adult'
        ? p([`Murder at ${p(W.place)}`, `The ${p(W.adj)} ${p(W.noun)}`, `Death by ${p(W.food)}`, `The ${p(W.place)} Affair`])
        : `The Case of the ${p(W.adj)} ${p(W.noun)}`;
    case 'thriller':
      return p([`The ${p(W.noun)} Protocol`, `${p(W.adj)} Hours`, `No ${p(W.noun)} Left Behind`, `The Last ${p(W.noun)}`]);
    case 'romance':
      return p([
        `A ${p(W.season)} in ${p(W.place)}`,
        `The ${p(W.noun)} We Kept`,
        `Love at ${p(W.place)}`,
        `${p(W.season)} at the ${p(W.noun)}`,
      ]);
    case 'science fiction':
      return p([
        `The ${p(W.snoun)} of ${p(W.planet)}`,
        `${p(W.planet)} Rising`,
        `Beyond the ${p(W.snoun)}`,
        `The ${p(W.adj)} Signal`,
        `Children of ${p(W.planet)}`,
      ]);
    case 'fantasy':
      return age === '8-12'
        ? `${p(W.kid)} and the ${p(W.adj)} ${p(W.mgnoun)}`
        : p([
            `The ${p(W.fnoun)} of ${p(W.fplace)}`,
            `The ${p(W.adj)} ${p(W.fnoun)}`,
            `Dragons of ${p(W.fplace)}`,
            `${p(W.fplace)}: The ${p(W.adj)} Blade`,
          ]);
    case 'historical fiction':
      return p([`The ${p(W.prof)}'s Daughter`, `The ${p(W.noun)} of ${p(W.city)}`, `A ${p(W.season)} in ${p(W.city)}`]);
    case 'literary fiction':
      return p([`The ${p(W.noun)} Years`, `What the ${p(W.noun)} Knew`, `All the ${p(W.adj)} Rooms`, `A House by the ${p(W.noun)}`]);
    case 'biography':
      return p([`${p(W.person)}: A Life`, `${p(W.person)}: The ${p(W.adj)} Years`]);
    case 'self-help':
      return p([`The ${p(W.habit)} Habit`, `The Art of ${p(W.art)}`, `${rng.int(5, 12)} Small Changes`]);
    case 'cookbook':
      return `${p(W.kitchen)} Kitchen: ${rng.int(8, 15) * 10} Recipes for ${p(W.occasion)}`;
    case 'poetry':
      return `${p(W.adj)} Weather: Poems`;
    case 'adventure':
      return p([`${p(W.kid)} and the ${p(W.mgnoun)} Expedition`, `Race to ${p(W.place)}`, `The ${p(W.adj)} ${p(W.mgnoun)}`]);
    default:
      return p([`The Little ${p(W.animal)} Who ${p(W.verb)}`, `Goodnight, ${p(W.animal)}`, `${p(W.animal)} Goes to ${p(W.place)}`]);
  }
}

function pagesFor(rng: Rng, genre: string, age: Age): number {
  if (age === '3-5') return rng.pick([24, 32, 32, 40]);
  if (age === '8-12') return rng.int(18, 36) * 10;
  if (age === 'young adult') return rng.int(26, 50) * 10;
  if (genre === 'poetry') return rng.int(8, 16) * 10;
  if (genre === 'cookbook' || genre === 'self-help') return rng.int(20, 34) * 10 + 4;
  if (genre === 'science fiction' || genre === 'fantasy' || genre === 'biography') return rng.int(30, 72) * 10 + rng.pick([0, 4, 8]);
  return rng.int(26, 52) * 10 + rng.pick([0, 4, 8]);
}

function publisher(rng: Rng, work: Work, format: Format): string {
  if (format === 'audiobook') return rng.pick(['Penguin Audio', 'HarperAudio', 'Audible Studios', 'Macmillan Audio', 'Random House Audio']);
  if (work.classic) {
    return work.readingAge === 'adult'
      ? rng.pick([
          'Penguin Classics',
          'Penguin Classics',
          'Vintage Classics',
          "Oxford World's Classics",
          'Wordsworth Classics',
          'Dover Publications',
        ])
      : rng.pick(['Puffin Classics', 'Penguin Classics', 'Dover Publications', 'Scholastic']);
  }
  if (work.readingAge === '3-5' || work.readingAge === '8-12') {
    return rng.pick(['Scholastic', 'Puffin', "HarperCollins Children's Books", 'Random House Books for Young Readers', 'Candlewick Press']);
  }
  if (work.readingAge === 'young adult') return rng.pick(['HarperTeen', 'Razorbill', 'Scholastic Press', 'Penguin Books']);
  if (work.genre === 'science fiction' || work.genre === 'fantasy')
    return rng.pick(['Tor Books', 'Orbit', 'Del Rey', 'HarperCollins', 'Gollancz']);
  if (work.genre === 'cookbook') return rng.pick(['Clarkson Potter', 'Ten Speed Press', 'HarperCollins']);
  return rng.pick([
    'Penguin Books',
    'HarperCollins',
    'Vintage',
    'Random House',
    'Simon & Schuster',
    'Little, Brown and Company',
    'Bantam',
    'Knopf',
  ]);
}

function priceFor(rng: Rng, work: Work, format: Format, pub: string, edition: string): number {
  const kids = work.readingAge === '3-5' || work.readingAge === '8-12';
  let x: number;
  if (format === 'ebook') x = work.classic ? rng.float(0.99, 4.99) : rng.float(2.99, 14.99);
  else if (format === 'audiobook') x = rng.float(14.95, 39.99) * (work.pages > 600 ? 1.15 : 1);
  else if (format === 'paperback')
    x =
      pub === 'Dover Publications'
        ? rng.float(3.99, 7.99)
        : kids
          ? rng.float(6.99, 9.99)
          : work.classic
            ? rng.float(8.99, 17.99)
            : rng.float(11.99, 19.99);
  else x = kids ? rng.float(12.99, 19.99) : work.genre === 'cookbook' ? rng.float(24.99, 40) : rng.float(18.99, 32);
  if (edition && format !== 'ebook') x *= 1.25;
  return shopPrice(rng, x, 0.99);
}

function create(): (rng: Rng, want: Want) => Draft {
  const invented: Work[] = [];
  const genres = Object.keys(GENRE_AGES);
  return (rng, want) => {
    const genre = choose(rng, want, 'genre', genres);
    const readingAge = choose(rng, want, 'readingAge', GENRE_AGES[genre] ?? ['adult']);
    const classics = CLASSICS.filter((w) => w.genre === genre && w.readingAge === readingAge);
    const reuse = invented.filter((w) => w.genre === genre && w.readingAge === readingAge);
    let work: Work;
    if (classics.length && (genre === 'classics' || rng.chance(0.3))) work = rng.pick(classics);
    else if (reuse.length > 3 && rng.chance(0.35)) work = rng.pick(reuse);
    else {
      work = {
        title: inventTitle(rng, genre, readingAge),
        author: `${rng.pick(W.first)} ${rng.pick(W.last)}`,
        genre,
        readingAge,
        pages: pagesFor(rng, genre, readingAge),
        classic: false,
      };
      invented.push(work);
    }
    const formats: readonly Format[] =
      readingAge === '3-5' ? ['hardcover', 'paperback'] : genre === 'cookbook' ? ['hardcover', 'paperback', 'ebook'] : FORMATS;
    const format = choose(rng, want, 'format', formats);
    const pub = publisher(rng, work, format);
    const edition =
      format === 'ebook' || format === 'audiobook'
        ? ''
        : rng.pick(
            work.classic
              ? ['', '', 'Deluxe Edition', 'Annotated Edition', 'Illustrated Edition']
              : ['', '', '', 'Large Print', 'Special Edition'],
          );
    const narrator = `${rng.pick(W.first)} ${rng.pick(W.last)}`;
    const paren =
      work.classic && format !== 'audiobook' ? ` (${[pub, edition].filter(Boolean).join(' ')})` : edition ? ` (${edition})` : '';
    const novel = !work.classic && FICTION.has(genre) && readingAge === 'adult' && rng.chance(0.3) ? ': A Novel' : '';
    const tail = format === 'audiobook' ? `${FORMAT_LABEL[format]}, Narrated by ${narrator}` : FORMAT_LABEL[format];
    const title = `${work.title}${novel}${paren} by ${work.author}, ${tail}`;
    const blurb = rng.pick(BLURBS[genre] ?? ['A book worth reading.']);
    const hours = Math.max(1, Math.round(work.pages / 32));
    const formatLine =
      format === 'audiobook'
        ? `Unabridged audiobook, about ${hours} hours, narrated by ${narrator}.`
        : format === 'ebook'
          ? `Digital edition, about ${work.pages} pages in print.`
          : `${FORMAT_LABEL[format]}, ${work.pages} pages, published by ${pub}.`;
    const ageLine = readingAge === 'adult' ? '' : readingAge === 'young adult' ? ' For teen readers.' : ` For readers aged ${readingAge}.`;
    return {
      brand: pub,
      title,
      description: `${blurb} ${formatLine}${ageLine}`,
      price: priceFor(rng, work, format, pub, edition),
      attributes: { author: work.author, genre, format, readingAge, pages: work.pages },
      short: `${work.title} by ${work.author}`,
      views: ['Front cover of', 'Back cover of', 'Spine of', 'Sample pages from'],
    };
  };
}

const TITLE_RE = /^(.*) by ([^,]+), (?:Hardcover|Paperback|eBook Edition|Unabridged Audiobook)/;

function parts(title: string): { work: string; author: string } | undefined {
  const m = TITLE_RE.exec(title);
  if (!m?.[1] || !m[2]) return undefined;
  return { work: m[1].replace(/ \([^)]*\)$/, '').replace(/: A Novel$/, ''), author: m[2] };
}

export const books: CategoryGen = {
  id: 'books',
  create,
  modelOf(title) {
    const p = parts(title);
    return p ? `${p.work} by ${p.author}` : undefined;
  },
  titleQuery(p, variant) {
    const t = parts(p.title);
    if (!t) return p.title.toLowerCase();
    const work = t.work.replace(/[:,.]/g, '').toLowerCase();
    const surname = t.author.split(' ').pop() ?? '';
    const format = typeof p.attributes.format === 'string' ? p.attributes.format : '';
    return (variant % 3 === 2 && format ? `${work} ${format}` : `${work} ${surname}`).toLowerCase();
  },
};
