/** Word lists for the books category: public-domain works, and parts for invented titles and authors. */

export type Age = 'adult' | 'young adult' | '8-12' | '3-5';

export interface Work {
  title: string;
  author: string;
  genre: string;
  readingAge: Age;
  pages: number;
  classic: boolean;
}

const c = (title: string, author: string, genre: string, readingAge: Age, pages: number): Work => ({ title, author, genre, readingAge, pages, classic: true });

export const CLASSICS: readonly Work[] = [
  c('Pride and Prejudice', 'Jane Austen', 'classics', 'adult', 432), c('Emma', 'Jane Austen', 'classics', 'adult', 474),
  c('Persuasion', 'Jane Austen', 'classics', 'adult', 272), c('Sense and Sensibility', 'Jane Austen', 'classics', 'adult', 409),
  c('Jane Eyre', 'Charlotte Brontë', 'classics', 'adult', 532), c('Wuthering Heights', 'Emily Brontë', 'classics', 'adult', 416),
  c('Great Expectations', 'Charles Dickens', 'classics', 'adult', 544), c('A Tale of Two Cities', 'Charles Dickens', 'classics', 'adult', 489),
  c('Bleak House', 'Charles Dickens', 'classics', 'adult', 1036), c('Moby-Dick', 'Herman Melville', 'classics', 'adult', 720),
  c('Frankenstein', 'Mary Shelley', 'classics', 'adult', 288), c('Dracula', 'Bram Stoker', 'classics', 'adult', 488),
  c('The Picture of Dorian Gray', 'Oscar Wilde', 'classics', 'adult', 272), c('Middlemarch', 'George Eliot', 'classics', 'adult', 880),
  c('Anna Karenina', 'Leo Tolstoy', 'classics', 'adult', 864), c('War and Peace', 'Leo Tolstoy', 'classics', 'adult', 1296),
  c('Crime and Punishment', 'Fyodor Dostoevsky', 'classics', 'adult', 576), c('The Brothers Karamazov', 'Fyodor Dostoevsky', 'classics', 'adult', 796),
  c('The Count of Monte Cristo', 'Alexandre Dumas', 'classics', 'adult', 1276), c('Madame Bovary', 'Gustave Flaubert', 'classics', 'adult', 368),
  c('The Scarlet Letter', 'Nathaniel Hawthorne', 'classics', 'adult', 272), c('The Age of Innocence', 'Edith Wharton', 'classics', 'adult', 368),
  c('North and South', 'Elizabeth Gaskell', 'classics', 'adult', 528),
  c('The Hound of the Baskervilles', 'Arthur Conan Doyle', 'mystery', 'adult', 256),
  c('The Adventures of Sherlock Holmes', 'Arthur Conan Doyle', 'mystery', 'adult', 307),
  c('The Moonstone', 'Wilkie Collins', 'mystery', 'adult', 528), c('The Woman in White', 'Wilkie Collins', 'mystery', 'adult', 720),
  c('The Mysterious Affair at Styles', 'Agatha Christie', 'mystery', 'adult', 296), c('The Secret Adversary', 'Agatha Christie', 'mystery', 'adult', 320),
  c('The Time Machine', 'H. G. Wells', 'science fiction', 'adult', 128), c('The War of the Worlds', 'H. G. Wells', 'science fiction', 'adult', 192),
  c('The Invisible Man', 'H. G. Wells', 'science fiction', 'adult', 160),
  c('Twenty Thousand Leagues Under the Seas', 'Jules Verne', 'science fiction', 'adult', 448),
  c('Treasure Island', 'Robert Louis Stevenson', 'adventure', '8-12', 240), c('The Wind in the Willows', 'Kenneth Grahame', 'fantasy', '8-12', 224),
  c("Alice's Adventures in Wonderland", 'Lewis Carroll', 'fantasy', '8-12', 200), c('Peter Pan', 'J. M. Barrie', 'fantasy', '8-12', 208),
  c('The Wonderful Wizard of Oz', 'L. Frank Baum', 'fantasy', '8-12', 224), c('Five Children and It', 'E. Nesbit', 'fantasy', '8-12', 240),
  c('The Secret Garden', 'Frances Hodgson Burnett', 'classics', '8-12', 331), c('Black Beauty', 'Anna Sewell', 'classics', '8-12', 256),
  c('Heidi', 'Johanna Spyri', 'classics', '8-12', 288), c('The Railway Children', 'E. Nesbit', 'classics', '8-12', 256),
  c('Anne of Green Gables', 'L. M. Montgomery', 'classics', '8-12', 320), c('The Jungle Book', 'Rudyard Kipling', 'adventure', '8-12', 277),
  c('The Adventures of Tom Sawyer', 'Mark Twain', 'adventure', '8-12', 274),
  c('Little Women', 'Louisa May Alcott', 'classics', 'young adult', 759), c('The Call of the Wild', 'Jack London', 'adventure', 'young adult', 172),
  c('Around the World in Eighty Days', 'Jules Verne', 'adventure', 'young adult', 256),
  c('Kidnapped', 'Robert Louis Stevenson', 'adventure', 'young adult', 288), c('The Three Musketeers', 'Alexandre Dumas', 'adventure', 'young adult', 704),
];

/** Which reading ages each genre is written for. */
export const GENRE_AGES: Record<string, readonly Age[]> = {
  classics: ['adult', '8-12', 'young adult'],
  mystery: ['adult', 'adult', '8-12', 'young adult'],
  thriller: ['adult'],
  romance: ['adult', 'young adult'],
  'science fiction': ['adult', 'adult', 'young adult'],
  fantasy: ['adult', 'young adult', '8-12'],
  'historical fiction': ['adult'],
  'literary fiction': ['adult'],
  biography: ['adult'],
  'self-help': ['adult'],
  cookbook: ['adult'],
  poetry: ['adult'],
  adventure: ['8-12', 'young adult'],
  'picture book': ['3-5'],
};

export const W = {
  adj: ['Silent', 'Hidden', 'Last', 'Broken', 'Secret', 'Forgotten', 'Golden', 'Quiet', 'Crimson', 'Winter', 'Lost', 'Burning', 'Distant', 'Midnight', 'Hollow', 'Final', 'Painted', 'Salt'],
  noun: ['Harbor', 'Orchard', 'Witness', 'Lighthouse', 'Garden', 'Letter', 'Key', 'Promise', 'River', 'House', 'Station', 'Island', 'Bridge', 'Shore', 'Mirror', 'Clock', 'Map', 'Ferry'],
  place: ['Wren Cove', 'Ashford Hall', 'Larkspur Lane', 'Blackwater Bay', 'Maple Hollow', 'Kestrel Point', 'Fernhill', 'Briar Glen', 'Cedar Falls', 'Stonebridge'],
  food: ['Chocolate', 'Cupcake', 'Crochet', 'Sourdough', 'Tea Leaves', 'Bookmark', 'Pumpkin Pie', 'Cinnamon'],
  season: ['Summer', 'Winter', 'Spring', 'Autumn'],
  snoun: ['Void', 'Nebula', 'Horizon', 'Singularity', 'Drift', 'Array', 'Frontier', 'Deep', 'Long Dark'],
  planet: ['Kepler', 'Tau Ceti', 'Vesper', 'Ares', 'Nyx', 'Halcyon', 'Orion', 'Thessaly', 'Proxima'],
  fnoun: ['Throne', 'Blade', 'Song', 'Witch', 'Heir', 'Oath', 'Shadow', 'Tower', 'Crown', 'Storm'],
  fplace: ['Eldermere', 'Vael', 'Thornwood', 'Ashkara', 'Myrr', 'Oakhaven', 'Caldris', 'Sundown Isles'],
  kid: ['Milo', 'Poppy', 'Ada', 'Finn', 'Juniper', 'Oscar', 'Tilly', 'Rafi', 'Nell', 'Theo', 'Zara', 'Kit'],
  mgnoun: ['Dragon', 'Map', 'Compass', 'Door', 'Egg', 'Wand', 'Kingdom', 'Academy', 'Lantern', 'Sky Ship'],
  animal: ['Fox', 'Bear', 'Owl', 'Hedgehog', 'Penguin', 'Bunny', 'Otter', 'Duckling', 'Mouse', 'Whale'],
  verb: ["Couldn't Sleep", 'Loved to Dance', 'Was Afraid of the Dark', 'Wanted to Fly', 'Lost a Tooth', 'Found a Friend', 'Said Sorry'],
  prof: ['Clockmaker', 'Lighthouse Keeper', 'Bookbinder', 'Weaver', 'Cartographer', 'Apothecary', 'Glassblower', 'Beekeeper'],
  city: ['Vienna', 'Lisbon', 'Paris', 'Prague', 'London', 'Kyiv', 'Naples', 'Krakow'],
  person: ['Ada Lovelace', 'Marie Curie', 'Frederick Douglass', 'Abraham Lincoln', 'Harriet Tubman', 'Nikola Tesla', 'Florence Nightingale', 'Charles Darwin'],
  habit: ['Morning', 'Quiet', 'Focused', 'Calm', 'Simple', 'Tiny', 'Unhurried'],
  art: ['Slowing Down', 'Listening', 'Starting Over', 'Saying No', 'Resting', 'Paying Attention'],
  kitchen: ['Weeknight', 'Plant-Based', 'Mediterranean', 'One-Pan', 'Sheet Pan', 'Slow Cooker', 'Simple Baking', 'Sunday'],
  occasion: ['Every Day', 'Busy Families', 'Two', 'Sunday Suppers', 'Small Kitchens'],
  first: ['Clara', 'Margaret', 'James', 'Daniel', 'Ruth', 'Samuel', 'Eleanor', 'Tobias', 'Nora', 'Adrian', 'Iris', 'Felix', 'Maya', 'Owen', 'Lydia', 'Hugo', 'Rosa', 'Elliot', 'Vera', 'Julian', 'Hazel', 'Miles', 'Greta', 'Simon', 'Amara', 'Rohan', 'Lena', 'Mateo', 'Priya', 'Kenji'],
  last: ['Whitfield', 'Ellison', 'Marsh', 'Okafor', 'Lindqvist', 'Hartley', 'Moreno', 'Calloway', 'Brennan', 'Adeyemi', 'Fairbanks', 'Novak', 'Sato', 'Delacroix', 'Ashby', 'Kowalski', 'Reyes', 'Thornton', 'Mercer', 'Halloran', 'Vance', 'Quinlan', 'Castellanos', 'Drummond', 'Ivers'],
} as const;

export const BLURBS: Record<string, readonly string[]> = {
  classics: ['One of the great novels of the nineteenth century, complete and unabridged.', 'A timeless classic with an introduction and explanatory notes.'],
  mystery: ['A twisty whodunit with a sharp-eyed amateur sleuth and a village full of suspects.', 'A cozy mystery full of small-town secrets, red herrings and a satisfying reveal.'],
  thriller: ['A pulse-pounding thriller where every chapter ends on a knife-edge.', 'A tense, fast-moving thriller about a secret that someone will kill to keep.'],
  romance: ['A warm, witty love story about second chances.', 'A swoony, big-hearted romance set in a seaside town.'],
  'science fiction': ['An epic science fiction saga across distant worlds and centuries.', 'A thought-provoking story of first contact and what makes us human.'],
  fantasy: ['A sweeping fantasy of magic, dragons and a kingdom on the brink.', 'A richly imagined world of ancient oaths, rival houses and dangerous magic.'],
  'historical fiction': ['A moving novel of courage and family secrets set against a continent at war.', 'Historical fiction that brings a vanished city vividly to life.'],
  'literary fiction': ['A luminous novel about memory, grief and the families we make.', 'A quietly devastating portrait of a marriage over thirty years.'],
  biography: ['A vivid, deeply researched life of a remarkable figure.', 'The definitive biography, drawing on letters and archives.'],
  'self-help': ['Practical, science-backed advice for building better habits.', 'Short, encouraging chapters on focus, rest and small daily changes.'],
  cookbook: ['Over 100 simple recipes with photographs for every dish.', 'Reliable, flavour-packed recipes for busy weeknights.'],
  poetry: ['A debut collection of poems about landscape, love and loss.'],
  adventure: ['A rip-roaring adventure of pirates, maps and daring escapes.', 'An exciting adventure story for young readers, full of danger and friendship.'],
  'picture book': ['A gentle, beautifully illustrated bedtime story for little ones.', 'A funny, reassuring picture book to read aloud together.'],
};
