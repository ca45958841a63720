import type { Product } from '../catalog/catalog-schema';
import { productNamesFromCatalog, type ProductNameTerm } from './product-names';
import { tokenize } from './terms';
import { WORLD_BRANDS } from './world-brands';

/**
 * The words the preference extractor knows. Brands and features come from the active catalog (so an imported
 * catalog brings its own); who a product is for, what it is for, and how shoppers name the default catalog's
 * features are written here once.
 */

/** The pets a food is for, with the words (breeds too) Buyers use for them. */
const RECIPIENT_WORDS_PETS = {
  dog: [
    'dog',
    'dogs',
    'puppy',
    'puppies',
    'pup',
    'pups',
    'doggo',
    'doggy',
    'labrador',
    'lab',
    'beagle',
    'retriever',
    'poodle',
    'husky',
    'terrier',
    'bulldog',
    'dachshund',
    'corgi',
    'shepherd',
    'pug',
    'collie',
    'spaniel',
    'boxer',
    'rottweiler',
    'chihuahua',
    'doodle',
    'labradoodle',
    'frenchie',
    'pittie',
    'pitbull',
    'pit bull',
    'golden',
    'yorkie',
    'greyhound',
    'huskies',
    'shih tzu',
    'schnauzer',
    'mutt',
    'heeler',
    'aussie',
    'weiner dog',
  ],
  cat: [
    'cat',
    'cats',
    'kitten',
    'kittens',
    'kitty',
    'kitties',
    'tabby',
    'siamese',
    'persian',
    'maine coon',
    'main coon',
    'ragdoll',
    'bengal',
    'sphynx',
  ],
} as const;

/**
 * Phone makers whose name, after "works with" or before "phone", is the Buyer's phone and so a compatibility
 * need, not a brand of the category ("needs to work with her samsung").
 */
export const PHONE_MAKERS: Readonly<Record<string, string>> = {
  Samsung: 'compatibility=Android',
  Google: 'compatibility=Android',
  Apple: 'compatibility=iOS',
};

/** Canonical recipients with the words Buyers use for them. */
export const RECIPIENT_WORDS: Record<string, readonly string[]> = {
  son: ['son', 'sons', 'ds'],
  daughter: ['daughter', 'daughters', 'dd'],
  // In-laws keep their whole name: a son-in-law is no son.
  'son-in-law': ['son in law', 'sil'],
  'daughter-in-law': ['daughter in law', 'dil'],
  'mother-in-law': ['mother in law', 'mil'],
  'father-in-law': ['father in law', 'fil'],
  'brother-in-law': ['brother in law'],
  'sister-in-law': ['sister in law'],
  // A boy or girl is any child: "my boy" may be a son, a grandson or a nephew, so the label says no more.
  child: ['kid', 'child', 'toddler', 'little one', 'teenager', 'teen', 'boy', 'girl', 'grandkid'],
  children: ['kids', 'children', 'twins', 'boys', 'girls'],
  grandchildren: ['grandkids', 'grandchildren'],
  wife: ['wife', 'wifey'],
  husband: ['husband', 'hubby', 'dh'],
  boyfriend: ['boyfriend', 'bf'],
  girlfriend: ['girlfriend', 'gf'],
  fiance: ['fiance', 'fiancee'],
  partner: ['partner', 'spouse', 'significant other'],
  mother: ['mom', 'mum', 'mother', 'mama', 'mommy', 'ma'],
  father: ['dad', 'father', 'papa', 'daddy', 'pops'],
  brother: ['brother', 'bro'],
  sister: ['sister', 'sis'],
  nephew: ['nephew', 'nephews'],
  niece: ['niece', 'nieces'],
  grandson: ['grandson'],
  granddaughter: ['granddaughter'],
  grandmother: ['grandma', 'grandmother', 'nana', 'granny', 'gran', 'nan', 'nanna'],
  grandfather: ['grandpa', 'grandfather', 'granddad', 'grandad', 'gramps', 'grandpop'],
  friend: ['friend', 'buddy', 'bestie', 'best friend', 'pal', 'mate'],
  coworker: ['coworker', 'co-worker', 'colleague', 'coworkers', 'colleagues'],
  boss: ['boss'],
  teacher: ['teacher'],
  aunt: ['aunt', 'auntie', 'aunty'],
  uncle: ['uncle'],
  baby: ['baby', 'newborn', 'infant'],
  ...RECIPIENT_WORDS_PETS,
};

/** Phrases that say the Buyer is shopping for themselves (their own use, body or habits). */
export const SELF_PHRASES = [
  'help me sleep',
  'help me focus',
  'help me recover',
  'im a',
  'im pregnant',
  'my knees',
  'my back',
  'my first 5k',
  'my first 10k',
  'my first marathon',
  'my first half',
  'my first race',
  'my first ultra',
  'i fly',
  'i sleep',
  'i lay',
  'i cant swallow',
  'i have wide',
  'i have narrow',
  'i have flat',
  'i make',
  'i walk',
  'i bike',
  'i travel',
  'i work',
  'i study',
  'i play',
  'i do',
  'i go',
  'i take',
  'im vegan',
  'im vegetarian',
  'im allergic',
  'my runs',
  'my ears',
  'my wrist',
  'my sleep',
  'my energy',
  'my doctor',
  'i get',
  'i lose',
  'im training',
  'im starting',
  'for my run',
  'for me',
  'for myself',
  'myself',
  'me personally',
  'my own use',
  'just me',
  'for my own',
  'treat myself',
  'i need them',
  'i need one',
  'i need it',
  'for my workouts',
  'my feet',
  'my commute',
  'i run',
  'i jog',
  'i swim',
  'i cycle',
  'i hike',
  'i listen',
  'i commute',
  'i train',
  'i read',
  'im a runner',
  'i wear',
  'i lift',
  'i collect',
  'i spend',
  'i never',
  'i always',
  'i usually',
  'im doing',
  'im new',
  'im always',
  'owner here',
  'user here',
];

/** Canonical uses with the words Buyers use for them. */
export const USE_WORDS: Record<string, readonly string[]> = {
  gift: [
    'secret santa',
    'white elephant',
    'retirement',
    'gift',
    'gifts',
    'present',
    'presents',
    'birthday',
    'bday',
    'christmas',
    'xmas',
    'anniversary',
    'stocking stuffer',
    'graduation',
    'surprise him',
    'mothers day',
    'fathers day',
    'valentines',
    'valentines day',
    'easter basket',
    'easter',
    'stocking',
    'christmas present',
    'hanukkah',
    'surprise her',
  ],
  display: ['display', 'displaying', 'on display', 'on a shelf', 'show off', 'showpiece', 'decoration', 'decor'],
  play: ['play with', 'playing with', 'to play', 'playtime'],
  running: ['run', 'running', 'runs', 'jog', 'jogging', 'jogs', 'runner', 'racing', 'race', 'races', 'sprint', 'sprinting', 'sprints'],
  // Races are said by name; what every running shoe is for ("running") is no use of one (CATEGORY_PURPOSES).
  'half marathon': ['half marathon', 'half marathons', 'halfs', 'half marathoner'],
  marathon: ['marathon', 'marathons'],
  ultras: ['ultra', 'ultras', 'ultramarathon', 'ultramarathons', 'ultra marathon'],
  '5k': ['5k', '5ks', 'couch to 5k'],
  '10k': ['10k', '10ks'],
  triathlon: ['triathlon', 'triathlons', 'ironman', 'tri'],
  'cross country': ['cross country', 'xc'],
  walking: ['walk', 'walking', 'walks', 'hours on my feet'],
  hiking: ['hike', 'hiking', 'hikes', 'trekking', 'backpacking'],
  swimming: ['swim', 'swimming', 'swims', 'laps', 'pool'],
  cycling: ['cycling', 'bike', 'biking', 'bike rides', 'cyclist', 'spin class', 'spinning'],
  gym: ['gym', 'workout', 'workouts', 'work out', 'working out', 'lifting', 'weights', 'crossfit', 'hiit'],
  yoga: ['yoga', 'pilates'],
  sleep: ['sleep', 'sleeping', 'insomnia', 'fall asleep', 'at night'],
  'sleep tracking': ['sleep tracking', 'track my sleep', 'tracks sleep', 'track sleep', 'sleep tracker'],
  'step tracking': ['step tracking', 'count steps', 'counts steps', 'step counter', 'track my steps', 'track steps'],
  'heart-rate tracking': [
    'track my heart rate',
    'tracking heart rate',
    'heart rate tracking',
    'track heart rate',
    'monitor my heart',
    'keep an eye on my heart',
  ],
  notifications: ['notifications', 'notification', 'texts on my wrist', 'alerts'],
  calls: ['calls', 'calling', 'phone calls', 'zoom', 'meetings', 'teams meetings', 'conference calls'],
  commute: ['commute', 'commuting', 'subway', 'train ride', 'bus ride', 'on the train', 'on the bus', 'metro'],
  travel: ['travel', 'traveling', 'travelling', 'flights', 'flight', 'plane', 'flying', 'trips', 'vacation', 'holiday'],
  // Music is what headphones are for, so it says nothing about this Buyer; podcasts and audiobooks are a choice.
  podcasts: ['podcasts', 'podcast'],
  gaming: ['gaming', 'games', 'game', 'gamer', 'xbox', 'playstation', 'ps5', 'fortnite', 'nintendo', 'switch'],
  // Not "class": a teacher's class is who it is for, not studying.
  studying: ['study', 'studying', 'homework', 'exams', 'library', 'college'],
  school: ['school', 'for school', 'back to school'],
  // "at work" and "office" say where, not what for ("secret santa at work", "for my husband's office").
  work: ['for work', 'wfh', 'work from home', 'working from home'],
  reading: ['read', 'reading', 'reader', 'bookworm', 'reads'],
  bedtime: ['bedtime', 'bedtime story', 'bedtime stories', 'before bed'],
  'book club': ['book club', 'bookclub', 'book group'],
  driving: ['driving', 'drive', 'in the car', 'road trip', 'road trips', 'car rides'],
  'immune support': ['immune', 'immunity', 'colds', 'cold season', 'flu', 'getting sick'],
  energy: ['energy', 'tired', 'fatigue', 'exhausted', 'sluggish'],
  'bone health': ['bone', 'bones', 'bone health', 'osteoporosis'],
  pregnancy: ['pregnant', 'pregnancy', 'prenatal', 'expecting'],
  'weight control': ['weight', 'overweight', 'chubby', 'chonky', 'lose weight', 'weight loss', 'weight management', 'diet'],
  'sensitive stomach': ['sensitive stomach', 'tummy', 'digestion', 'upset stomach', 'digestive', 'sensitive tummy', 'stomach issues'],
  recovery: ['recovery', 'sore muscles', 'cramps', 'muscle cramps', 'recover'],
  // Not "every day" or "daily": how often is no purpose ("wears them every day", "a daily trainer").
  everyday: ['everyday', 'day to day', 'day-to-day', 'regular food', 'staple'],
};

/**
 * How shoppers name the default catalog's attribute values, beyond the values' own words. `not` words say the
 * opposite of the feature ("wired" is wireless unwanted); `free` words name what a "-free" value leaves out,
 * so "no gluten" and "allergic to dairy" want it; `weak` words only count once the category is known.
 */
export interface FeatureWords {
  words?: readonly string[];
  not?: readonly string[];
  free?: readonly string[];
  weak?: readonly string[];
}

export const FEATURE_WORDS: Record<string, FeatureWords> = {
  'noiseCancelling=true': {
    words: [
      'noise cancelling',
      'noise canceling',
      'noise cancellation',
      'anc',
      'cancel noise',
      'cancels noise',
      'block out noise',
      'blocks out noise',
      'noise blocking',
      'active noise',
    ],
  },
  'wireless=true': {
    words: ['wireless', 'bluetooth', 'cordless', 'no wires', 'no cord', 'true wireless'],
    not: ['wired', 'with a cable', 'with a cord', 'corded'],
  },
  'microphone=true': { words: ['mic', 'microphone', 'built in mic'] },
  'type=over-ear': {
    words: ['over ear', 'over ears', 'over the ears', 'over the ear', 'around ear', 'around the ear', 'full size', 'overear'],
  },
  'type=earbuds': { words: ['earbuds', 'earbud', 'buds', 'ear buds', 'true wireless', 'airpods style'] },
  'type=in-ear': { words: ['in ear', 'in ears', 'in the ear', 'iem', 'iems', 'in ear monitors'] },
  'type=on-ear': { words: ['on ear', 'on the ear', 'onear'] },
  'gps=true': { words: ['gps', 'built in gps', 'satellite tracking', 'maps my route', 'track my route'] },
  'heartRate=true': { words: ['heart rate', 'heartrate', 'hr monitor', 'heart monitor', 'pulse', 'hrm', 'hr', 'wrist hr'] },
  'readingAge=young adult': { words: ['young adult', 'ya', 'y a', 'teen fiction', 'ya fiction'] },
  'compatibility=iOS': { words: ['iphone', 'ios', 'apple phone', 'iphones'] },
  'compatibility=Android': {
    words: ['android', 'pixel', 'galaxy phone', 'samsung phone', 'androids', 'galaxy s', 'samsung galaxy s', 'android phone'],
  },
  'waterResistance=10 ATM': { words: ['10 atm', '10atm', 'swimproof', 'swim proof', 'swim-proof', '100m water resistant', '100 meters'] },
  'waterResistance=5 ATM': { words: ['5 atm', '5atm', '50m water resistant'] },
  'waterResistance=3 ATM': { words: ['3 atm', '3atm', 'splash proof', 'splashproof'] },
  'genre=science fiction': { words: ['sci fi', 'scifi', 'sci-fi', 'science fiction', 'space opera'] },
  'genre=mystery': { words: ['mystery', 'mysteries', 'whodunit', 'whodunnit', 'detective', 'murder mystery', 'crime'] },
  'genre=thriller': { words: ['thriller', 'thrillers', 'suspense', 'page turner'] },
  'genre=romance': { words: ['romance', 'romantic', 'love story', 'love stories', 'romcom', 'rom com'] },
  'genre=fantasy': { words: ['fantasy', 'dragons', 'wizards', 'magic'] },
  'genre=biography': { words: ['biography', 'biographies', 'memoir', 'memoirs', 'autobiography'] },
  'genre=poetry': { words: ['poetry', 'poems', 'poem', 'poet'] },
  'genre=self-help': { words: ['self help', 'self-help', 'personal development', 'self improvement'] },
  'genre=cookbook': { words: ['cookbook', 'cookbooks', 'cook book', 'recipes', 'recipe book'] },
  'genre=classics': { words: ['classics', 'classic', 'classic novels', 'classic novel', 'old classics'] },
  'genre=picture book': { words: ['picture book', 'picture books', 'pictures'] },
  'genre=adventure': { words: ['adventure', 'adventures', 'adventure stories'] },
  'genre=historical fiction': { words: ['historical fiction', 'historical novel', 'historical novels', 'history novels'] },
  'genre=literary fiction': { words: ['literary fiction', 'literary', 'literary novels'] },
  'format=audiobook': {
    words: ['audiobook', 'audiobooks', 'audio book', 'audio books', 'audio version', 'audible'],
    weak: ['listen', 'listening', 'listen to'],
  },
  'format=ebook': { words: ['ebook', 'ebooks', 'e-book', 'e book', 'kindle', 'e-reader', 'ereader', 'digital copy'] },
  'format=hardcover': { words: ['hardcover', 'hardback', 'hard cover', 'hardcovers'] },
  'format=paperback': { words: ['paperback', 'paperbacks', 'softcover', 'soft cover'] },
  'dietary=sugar-free': { words: ['sugar free', 'sugarfree', 'sugarless', 'zero sugar', 'no added sugar'], free: ['sugar', 'sugars'] },
  'dietary=gluten-free': { words: ['gluten free', 'glutenfree', 'gf', 'celiac', 'coeliac'], free: ['gluten', 'wheat'] },
  'dietary=vegan': { words: ['vegan', 'plant based', 'plantbased', 'plant-based'] },
  'dietary=vegetarian': { words: ['vegetarian', 'veggie', 'no gelatin'] },
  'dietary=dairy-free': { words: ['dairy free', 'dairyfree', 'lactose free', 'lactose intolerant'], free: ['dairy', 'lactose', 'milk'] },
  'dietary=non-GMO': { words: ['non gmo', 'nongmo', 'gmo free'], free: ['gmo', 'gmos'] },
  'form=gummy': { words: ['gummy', 'gummies', 'chewable', 'chewables', 'gummie'] },
  'form=capsule': { words: ['capsule', 'capsules', 'caps'] },
  'form=tablet': { words: ['tablet', 'tablets'] },
  'form=softgel': { words: ['softgel', 'softgels', 'soft gel', 'soft gels', 'gel caps'] },
  'form=liquid': { words: ['liquid', 'drops', 'liquids'] },
  'form=powder': { words: ['powder', 'powders', 'powdered'] },
  'nutrient=Vitamin D3': { words: ['vitamin d', 'vitamin d3', 'vit d', 'd3', 'vitd', 'vitamin-d'] },
  'nutrient=B12': { words: ['b12', 'b 12', 'vitamin b12', 'b-12'] },
  'nutrient=Vitamin C': { words: ['vitamin c', 'vit c', 'vitc'] },
  'nutrient=Magnesium': { words: ['magnesium', 'mag glycinate'] },
  'nutrient=Zinc': { words: ['zinc'] },
  'nutrient=Iron': { words: ['iron'] },
  'nutrient=Omega-3': { words: ['omega 3', 'omega-3', 'omega3', 'omegas', 'fish oil'] },
  'nutrient=Probiotic': { words: ['probiotic', 'probiotics', 'gut health'] },
  'nutrient=Multivitamin': { words: ['multivitamin', 'multivitamins', 'multi vitamin', 'multi', 'multis', 'multi-vitamin'] },
  'form=dry': { words: ['dry', 'kibble', 'dry food', 'kibbles', 'crunchy'] },
  'form=wet': { words: ['wet', 'canned', 'wet food', 'pate', 'cans', 'tins'] },
  'grainFree=true': {
    words: ['grain free', 'grainfree', 'grain-free', 'without grain', 'without grains', 'no grain', 'no grains'],
    free: ['grain', 'grains', 'corn'],
  },
  // The animal a pet food is for is a feature of the food too ("dog food" names no pet of the Buyer's).
  'species=dog': { words: [...RECIPIENT_WORDS_PETS.dog, 'dog food', 'canine', 'doggie'] },
  'species=cat': { words: [...RECIPIENT_WORDS_PETS.cat, 'cat food', 'feline', 'kitties food'] },
  'lifeStage=puppy': { words: ['puppy', 'puppies', 'pup'] },
  'lifeStage=kitten': { words: ['kitten', 'kittens'] },
  'lifeStage=senior': { words: ['senior', 'older dog', 'older cat', 'old dog', 'old cat', 'elderly', 'old boy', 'old girl', 'aging'] },
  'lifeStage=adult': { words: ['adult dog', 'adult cat', 'adult dogs', 'adult cats', 'adult', 'adults', 'grown'] },
  'terrain=trail': { words: ['trail', 'trails', 'off road', 'offroad', 'off-road', 'muddy', 'mud', 'dirt paths', 'mountain'] },
  'terrain=track': { words: ['track', 'spikes', 'oval'] },
  'terrain=road': { words: ['road', 'roads', 'pavement', 'asphalt', 'treadmill', 'street', 'sidewalk', 'concrete'] },
  'width=wide': { words: ['wide', 'wide feet', 'wide fit', 'wide toe box', 'wider'] },
  'width=narrow': { words: ['narrow', 'narrow feet', 'skinny feet'] },
  'cushioning=max': {
    words: [
      'max cushion',
      'max cushioning',
      'maximum cushioning',
      'lots of cushion',
      'plush',
      'cushy',
      'pillowy',
      'plushest',
      'cushiest',
      'most cushioned',
      'super cushioned',
      'extra cushioning',
      'well cushioned',
      'highly cushioned',
      'maximal',
    ],
  },
  'cushioning=minimal': { words: ['minimalist', 'minimal', 'barefoot', 'barefoot feel', 'minimal cushioning'] },
  'cushioning=moderate': { words: ['moderate cushioning', 'moderate', 'some cushion', 'medium cushioning', 'balanced cushioning'] },
  'gender=men': { words: ['mens', 'men', 'for men', 'male'] },
  'gender=women': { words: ['womens', 'women', 'ladies', 'for women', 'female', 'woman'] },
  'theme=Star Wars': { words: ['star wars', 'starwars', 'jedi', 'millennium falcon', 'mandalorian'] },
  'theme=Harry Potter': { words: ['harry potter', 'hogwarts', 'potter'] },
  'theme=Technic': { words: ['technic', 'technik'] },
  'theme=Architecture': { words: ['architecture', 'skyline', 'landmarks'] },
  'theme=City': { words: ['lego city', 'city sets', 'police station', 'fire station'], weak: ['city'] },
  'theme=Duplo': { words: ['duplo', 'big bricks', 'bigger bricks'] },
  'theme=Friends': { words: ['lego friends'], weak: ['friends'] },
  'theme=Ninjago': { words: ['ninjago', 'ninja', 'ninjas'] },
  'theme=Creator': { words: ['creator', '3 in 1', '3-in-1'] },
  'theme=Ideas': { words: ['lego ideas'], weak: ['ideas'] },
};

/** Attribute values that are not Buyer preferences: they follow from who it is for, or mean "no preference". */
export const DERIVED_FEATURES = new Set(['readingAge', 'ageRange', 'ageMin']);
export const NEUTRAL_VALUES = new Set(['gender=unisex', 'width=standard', 'lifeStage=all']);

/**
 * Uses that every product of a category serves say nothing about this Buyer: listening is what headphones are for
 * (music is no use at all, above), reading what books are for.
 */
export const CATEGORY_PURPOSES: Record<string, ReadonlySet<string>> = { books: new Set(['reading']), running_shoes: new Set(['running']) };

/** Words that say which category a message is about. */
export const CATEGORY_WORDS: Record<string, readonly string[]> = {
  lego: ['lego', 'legos', 'bricks', 'minifigs', 'minifigures', 'building set', 'set', 'sets', 'pieces', 'build'],
  smartwatches: ['watch', 'watches', 'smartwatch', 'smartwatches', 'smart watch', 'fitness tracker', 'tracker', 'wearable'],
  books: ['book', 'books', 'novel', 'novels', 'author', 'read', 'reading', 'series', 'story', 'stories'],
  vitamins: ['vitamin', 'vitamins', 'supplement', 'supplements', 'pills', 'multivitamin'],
  running_shoes: ['shoe', 'shoes', 'sneakers', 'trainers', 'runners', 'kicks', 'running shoes', 'pair'],
  headphones: ['headphones', 'headphone', 'earbuds', 'buds', 'headset', 'cans', 'earphones', 'airpods', 'sound'],
  pet_food: ['food', 'kibble', 'treats', 'dog food', 'cat food', 'dog', 'cat', 'puppy', 'kitten', 'vet'],
};

/**
 * Product names (beyond brand names) that make "my old …" a product the Buyer owned rather than a person or a pet:
 * `named` ones name a product alone ("my kindle", "my pegasus"); `generic` ones only with a name beside them ("the
 * eiffel tower set", "my jbl buds"), since "my last pair" or "my old watch" names nothing to remember.
 */
export const OWNED_PRODUCT_WORDS = {
  named: [
    'airpods',
    'kindle',
    'forerunner',
    'fenix',
    'pegasus',
    'ghost',
    'clifton',
    'speedcross',
    'kayano',
    'nimbus',
    'novablast',
    'bondi',
    'speedgoat',
    'vomero',
    'galaxy',
    'versa',
    'charge',
    'inspire',
    'series',
    'quietcomfort',
    'qc35',
    'qc45',
    'xm4',
    'xm5',
    'wh-1000xm4',
    'wh-1000xm5',
    'beats',
    'e-reader',
    'paperwhite',
    'millennium',
    'falcon',
  ],
  generic: [
    'watch',
    'smartwatch',
    'tracker',
    'headphones',
    'earbuds',
    'buds',
    'headset',
    'shoes',
    'sneakers',
    'trainers',
    'runners',
    'pair',
    'set',
    'sets',
    'kibble',
    'food',
    'vitamins',
    'gummies',
    'multivitamin',
  ],
} as const;

export interface BrandTerm {
  brand: string;
  category: string;
  /** What names it, when its name alone would not do (`WorldBrand.said`). */
  said?: readonly string[];
  /** Not the catalog's (`WORLD_BRANDS`): named in full only ("sports research", never "sports"). */
  world?: boolean;
}
export interface FeatureTerm {
  feature: string;
  attribute: string;
  category: string;
  words: readonly string[];
  not: readonly string[];
  free: readonly string[];
  weak: readonly string[];
}
export interface ProfileVocabulary {
  brands: BrandTerm[];
  features: FeatureTerm[];
  /** Products' names from their titles (`lib/profile/product-names.ts`). */
  products: ProductNameTerm[];
}

/** Shortest length of an author's surname said alone ("dickens", "austen"; not "poe"). */
const MIN_SURNAME = 4;
/** How an author is said by surname: "dickens" for Charles Dickens, "conan doyle" and "doyle" for Arthur Conan Doyle. */
function surnames(author: string): string[] {
  const words = tokenize(author);
  if (words.length < 2) return [];
  const last = words[words.length - 1] ?? '';
  const out = last.length >= MIN_SURNAME ? [last] : [];
  if (words.length >= 3) out.push(words.slice(-2).join(' '));
  return out;
}

/**
 * The brands and attribute values of a catalog, each with the words shoppers use for it. Numbers (pieces,
 * battery hours) are left to search filters; attribute values a Buyer would not name are left out.
 */
export function vocabularyFromCatalog(products: Iterable<Pick<Product, 'brand' | 'category' | 'attributes' | 'title'>>): ProfileVocabulary {
  const brands = new Map<string, BrandTerm>();
  const features = new Map<string, FeatureTerm>();
  const list = [...products];
  for (const p of list) {
    brands.set(`${p.category}\u0000${p.brand}`, { brand: p.brand, category: p.category });
    for (const [attribute, raw] of Object.entries(p.attributes)) {
      // Derived from ages, unless said in so many words ("YA").
      if (DERIVED_FEATURES.has(attribute) && !FEATURE_WORDS[`${attribute}=${String(raw)}`]) continue;
      for (const value of Array.isArray(raw) ? raw : [raw]) {
        if (typeof value === 'number' || value === false) continue;
        const feature = `${attribute}=${String(value)}`;
        if (NEUTRAL_VALUES.has(feature) || features.has(`${p.category}\u0000${feature}`)) continue;
        const known = FEATURE_WORDS[feature];
        // A string value names itself ("paperback"); a true flag needs known words ("noise cancelling").
        const own = typeof value === 'string' ? [value.toLowerCase(), ...(attribute === 'author' ? surnames(value) : [])] : [];
        const words = [...new Set([...own, ...(known?.words ?? [])])];
        if (!words.length) continue;
        features.set(`${p.category}\u0000${feature}`, {
          feature,
          attribute,
          category: p.category,
          words,
          not: known?.not ?? [],
          free: known?.free ?? [],
          weak: known?.weak ?? [],
        });
      }
    }
  }
  for (const category of new Set([...brands.values()].map((b) => b.category)))
    for (const { brand, said } of WORLD_BRANDS[category] ?? [])
      if (!brands.has(`${category}\u0000${brand}`))
        brands.set(`${category}\u0000${brand}`, { brand, category, world: true, ...(said ? { said } : {}) });
  const attributeWords = new Map<string, Set<string>>();
  for (const f of features.values())
    for (const w of [...f.words, ...f.not, ...f.weak])
      for (const t of tokenize(w)) attributeWords.set(f.category, (attributeWords.get(f.category) ?? new Set()).add(t));
  return { brands: [...brands.values()], features: [...features.values()], products: productNamesFromCatalog(list, attributeWords) };
}
