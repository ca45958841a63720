/**
 * How shoppers say what they need, against how catalogs describe it: a small English shopping thesaurus that
 * ships with the extension (no model, nothing downloaded). Each concept lists what a Buyer or a Seller says and
 * what to look for instead. What to look for is only ever words and attribute phrases: the reader keeps those the
 * catalog has (its vocabulary and its attributes' names and values) and drops the rest, so the same list serves a
 * researcher's own catalog, where it finds what that catalog happens to say.
 *
 * Written per need (sleep, weight, pronation, travel…), by the words shops and shoppers use for it, not per query.
 */
export interface Concept {
  /** What a shopper says, folded to lower case; several words are a phrase, matched in order. */
  say: readonly string[];
  /** Catalog words and phrases to look for (any of them). */
  look?: readonly string[];
  /**
   * Attribute phrases it means, read as if typed ("wireless", "no wireless", "wide"): they become attribute
   * readings where the catalog has such an attribute.
   */
  means?: readonly string[];
  /** Cheaper first. */
  cheap?: boolean;
  /** An age, in years, for age-rated products. */
  age?: number;
}

export const CONCEPTS: readonly Concept[] = [
  // Who it is for.
  {
    say: ['husband', 'dad', 'father', 'boyfriend', 'grandad', 'grandpa', 'him', 'his', 'guy', 'guys', 'gentleman', 'male'],
    look: ['men', 'him', 'man'],
    means: ['men'],
  },
  {
    say: ['wife', 'mum', 'mom', 'mother', 'girlfriend', 'grandma', 'granny', 'her', 'lady', 'ladies', 'woman', 'female'],
    look: ['women', 'her', 'woman'],
    means: ['women'],
  },
  {
    say: [
      'kid',
      'kids',
      'child',
      'children',
      'son',
      'daughter',
      'nephew',
      'niece',
      'grandson',
      'granddaughter',
      'boy',
      'girl',
      'little one',
    ],
    look: ['kids', 'children', 'child', 'junior'],
  },
  { say: ['toddler', 'toddlers'], look: ['toddler', 'duplo'], age: 2 },
  { say: ['baby', 'infant'], look: ['baby'], age: 1 },
  { say: ['preschooler', 'preschool'], look: ['preschool'], age: 4 },
  { say: ['teen', 'teens', 'teenager', 'teenagers', 'teenage', 'adolescent'], look: ['teen'], age: 14 },
  { say: ['tween'], age: 11 },
  { say: ['grown up', 'grownup', 'adults', 'for adults'], look: ['adult', 'adults'], age: 18 },
  {
    say: ['beginner', 'beginners', 'first time', 'starter', 'new to', 'just starting'],
    look: ['beginner', 'beginners', 'entry', 'affordable', 'everyday'],
  },

  // Money.
  {
    say: [
      'cheap',
      'cheaper',
      'cheapest',
      'budget',
      'inexpensive',
      'affordable',
      'bargain',
      'low cost',
      'not expensive',
      'not too expensive',
      'dont want to spend much',
      'on a budget',
      'value',
    ],
    look: ['affordable', 'budget', 'value'],
    cheap: true,
  },

  // Sport, body, health.
  {
    say: ['gym', 'workout', 'workouts', 'exercise', 'exercising', 'fitness', 'crossfit', 'weights', 'lifting'],
    look: ['sport', 'workout', 'fitness', 'training', 'sweat'],
  },
  { say: ['jogging', 'jog', 'jogger', 'run', 'runs', 'runner', 'runners', 'running'], look: ['running', 'run', 'runner'] },
  { say: ['marathon', 'half marathon', 'race', 'racing', 'races'], look: ['running', 'race', 'marathon', 'gps'] },
  { say: ['triathlon', 'triathlete', 'ironman', 'swim bike run'], look: ['multisport', 'triathlon', 'swim'] },
  { say: ['swim', 'swimming', 'pool', 'waterproof', 'water proof', 'shower'], look: ['swim', 'swimming', 'water', 'waterproof'] },
  {
    say: ['hike', 'hiking', 'hiker', 'mountain', 'mountains', 'outdoors', 'outdoor', 'camping', 'backpacking', 'adventure'],
    look: ['outdoor', 'rugged', 'adventure', 'hiking', 'trail'],
  },
  { say: ['tough', 'durable', 'sturdy', 'rugged', 'indestructible'], look: ['rugged', 'durable', 'tough'] },
  { say: ['gravel', 'dirt', 'mud', 'muddy', 'off road', 'offroad', 'woods', 'forest', 'trails'], look: ['trail'] },
  { say: ['pavement', 'street', 'streets', 'tarmac', 'asphalt', 'sidewalk', 'roads', 'treadmill', 'city'], look: ['road'] },
  {
    say: [
      'overpronate',
      'overpronation',
      'overpronator',
      'pronate',
      'pronation',
      'flat feet',
      'flat footed',
      'arch support',
      'support',
      'supportive',
      'stable',
    ],
    look: ['stability', 'support', 'supportive', 'guidance'],
  },
  { say: ['bunion', 'bunions', 'wide feet', 'wide foot', 'broad feet', 'wide toe box'], means: ['wide'] },
  { say: ['narrow feet', 'narrow foot', 'slim feet', 'slides around', 'slipping'], means: ['narrow'] },
  {
    say: ['recovery', 'easy days', 'easy miles', 'sore', 'cushioned', 'cushiony', 'soft', 'plush', 'comfy', 'comfortable'],
    look: ['cushioned', 'cushioning', 'recovery', 'plush', 'comfortable'],
  },
  {
    say: ['fast', 'speed', 'tempo', 'racer', 'racing flat', 'pb', 'pr'],
    look: ['fast', 'speed', 'tempo', 'race', 'racing', 'lightweight'],
  },
  {
    say: ['sleep', 'sleeping', 'insomnia', 'cant sleep', 'trouble sleeping', 'restless', 'fall asleep', 'asleep'],
    look: ['sleep', 'restful', 'relaxation', 'calm'],
  },
  { say: ['stress', 'anxiety', 'anxious', 'relax', 'calm'], look: ['stress', 'calm', 'relaxation', 'mood'] },
  { say: ['tired', 'energy', 'fatigue', 'exhausted'], look: ['energy', 'b12', 'iron'] },
  { say: ['immune', 'immunity', 'colds', 'cold', 'flu', 'sick'], look: ['immune', 'vitamin c', 'zinc'] },
  { say: ['bones', 'bone', 'joints', 'joint', 'osteoporosis'], look: ['bone', 'bones', 'calcium', 'vitamin d', 'joint'] },
  { say: ['heart', 'cardio', 'cholesterol'], look: ['heart', 'omega', 'cardiovascular'] },
  { say: ['brain', 'memory', 'focus', 'concentration'], look: ['brain', 'omega', 'cognitive', 'focus'] },
  { say: ['gut', 'digestion', 'digestive', 'bloating', 'tummy', 'stomach'], look: ['digestive', 'gut', 'probiotic'] },
  { say: ['fish oil', 'cod liver oil', 'epa', 'dha'], look: ['omega', 'fish oil'] },
  { say: ['no fish', 'fish free', 'plant based', 'plant'], look: ['algae', 'vegan', 'plant'], means: ['vegan'] },
  { say: ['diabetic', 'diabetes', 'no sugar', 'low sugar', 'sugarless'], means: ['sugar free'] },
  {
    say: [
      'never eats veg',
      'picky eater',
      'fussy eater',
      'poor diet',
      'doesnt eat vegetables',
      'bad diet',
      'all in one',
      'everyday vitamin',
      'daily vitamin',
    ],
    look: ['multivitamin', 'multi', 'daily'],
  },
  {
    say: ['swallow pills', 'swallowing pills', 'cant swallow', 'wont swallow', 'hate pills', 'no pills', 'chewable', 'chewables'],
    look: ['gummy', 'gummies', 'chewable', 'chewables', 'liquid'],
  },
  {
    say: ['overweight', 'fat', 'chubby', 'heavy', 'weight loss', 'lose weight', 'diet', 'obese', 'weight control', 'weight management'],
    look: ['weight', 'perfect weight', 'healthy weight', 'light', 'lean'],
  },
  { say: ['indoors', 'indoor', 'house cat', 'never goes outside', 'apartment'], look: ['indoor'] },
  {
    say: ['picky', 'fussy', 'losing interest', 'not eating', 'stopped eating', 'tasty', 'appetite'],
    look: ['wet', 'gravy', 'pate', 'flavour', 'tasty'],
  },
  {
    say: ['large breed', 'big dog', 'big dogs', 'labrador', 'labradors', 'lab', 'shepherd', 'retriever', 'mastiff'],
    look: ['large breed', 'large', 'labrador'],
  },
  { say: ['small breed', 'small dog', 'chihuahua', 'terrier', 'toy breed'], look: ['small breed', 'small', 'mini'] },
  { say: ['old dog', 'older dog', 'elderly', 'aging', 'ageing', 'old cat', 'older cat'], look: ['senior', 'mature'] },
  { say: ['sensitive stomach', 'allergies', 'allergy', 'itchy'], look: ['sensitive', 'limited ingredient', 'grain free'] },

  // Listening, watching, calling.
  {
    say: ['calls', 'call', 'zoom', 'teams', 'meetings', 'meeting', 'work from home', 'conference', 'talking'],
    look: ['calls', 'microphone', 'mic'],
    means: ['microphone'],
  },
  { say: ['mic', 'mike'], means: ['microphone'] },
  {
    say: ['flight', 'flights', 'plane', 'airplane', 'flying', 'travel', 'travelling', 'traveling', 'commute', 'commuting', 'noisy'],
    look: ['travel', 'noise cancelling', 'noise canceling'],
  },
  {
    say: ['studio', 'recording', 'mixing', 'producing', 'producer', 'podcast', 'podcasting', 'dj'],
    look: ['studio', 'monitor', 'monitors'],
  },
  {
    say: ['classical', 'audiophile', 'hifi', 'hi fi', 'critical listening', 'home listening', 'jazz', 'opera'],
    look: ['open back', 'audiophile', 'reference', 'studio'],
  },
  { say: ['bluetooth', 'cordless', 'cable free', 'no wires', 'wire free'], means: ['wireless'] },
  {
    say: ['wired', 'corded', 'cable', 'plug in', 'dont have to charge', 'no charging', 'never charge', 'no battery'],
    means: ['no wireless'],
    look: ['wired', 'cable'],
  },
  {
    say: ['dont want to charge', 'charge every night', 'charging every night', 'hate charging', 'lasts', 'long lasting', 'battery life'],
    look: ['battery', 'days'],
  },
  { say: ['listen', 'listening', 'listen to', 'long drive', 'drive', 'driving', 'road trip'], look: ['audiobook', 'audio', 'listen'] },

  // Reading.
  {
    say: ['true story', 'true stories', 'real people', 'real life', 'life story', 'life stories', 'memoir', 'memoirs', 'autobiography'],
    look: ['biography', 'memoir', 'true story', 'life'],
  },
  { say: ['sci fi', 'scifi', 'science fiction', 'space opera'], look: ['science fiction', 'sci fi'] },
  { say: ['whodunit', 'whodunnit', 'detective', 'murder', 'crime'], look: ['mystery', 'detective', 'crime'] },
  { say: ['cosy', 'cozy'], look: ['cozy', 'cosy'] },
  { say: ['scary', 'spooky', 'creepy'], look: ['horror', 'thriller'] },
  { say: ['romantic', 'love story', 'love stories'], look: ['romance'] },
  {
    say: ['bedtime', 'before bed', 'goodnight', 'good night', 'night time', 'nighttime'],
    look: ['bedtime', 'sleep', 'goodnight', 'night'],
  },
  { say: ['read aloud', 'read to', 'reading to', 'storytime', 'story time'], look: ['picture book', 'read aloud', 'picture'] },
  {
    say: ['dinner', 'dinners', 'weeknight', 'weeknights', 'quick meals', 'easy meals', 'busy', 'meal prep'],
    look: ['weeknight', 'weeknights', 'quick', 'easy', 'one pan', 'sheet pan', 'cookbook'],
  },
  { say: ['cooking', 'recipes', 'recipe', 'baking', 'chef'], look: ['cookbook', 'recipes', 'cooking'] },
  { say: ['history', 'historical', 'war', 'ww2', 'wwii'], look: ['history', 'historical'] },
  { say: ['self help', 'self improvement', 'motivation', 'productivity', 'habits'], look: ['self help', 'habits'] },
  { say: ['poems', 'poem', 'verse'], look: ['poetry'] },
  { say: ['big print', 'bigger print', 'easy to read', 'poor eyesight', 'eyesight'], look: ['large print'] },
  { say: ['audio book', 'audiobooks', 'audio books'], look: ['audiobook'] },
  { say: ['kindle', 'e book', 'ebooks', 'e books', 'digital'], look: ['ebook'] },
  { say: ['hardback', 'hard cover', 'hard back'], look: ['hardcover'] },
  { say: ['softcover', 'soft cover', 'paper back'], look: ['paperback'] },

  // Building sets.
  {
    say: ['engineering', 'engineer', 'machines', 'machine', 'mechanical', 'mechanics', 'gears', 'motors', 'how things work'],
    look: ['technic', 'engineering', 'mechanical', 'gears'],
  },
  {
    say: ['famous buildings', 'buildings', 'landmark', 'landmarks', 'skyline', 'monument', 'architecture'],
    look: ['architecture', 'landmark', 'skyline'],
  },
  { say: ['ninja', 'ninjas'], look: ['ninjago', 'ninja'] },
  { say: ['dragon', 'dragons'], look: ['dragon', 'dragons', 'ninjago'] },
  { say: ['wizard', 'wizards', 'hogwarts', 'magic'], look: ['harry potter', 'hogwarts', 'magical', 'wizard'] },
  {
    say: ['space', 'rocket', 'rockets', 'mars', 'astronaut', 'astronauts', 'nasa', 'planets', 'moon'],
    look: ['space', 'rocket', 'mars', 'shuttle', 'nasa', 'moon', 'astronaut'],
  },
  { say: ['cars', 'car', 'race car', 'racecar', 'supercar', 'sports car'], look: ['car', 'speed', 'supercar'] },
  { say: ['police', 'cop', 'cops'], look: ['police'] },
  { say: ['fire truck', 'firetruck', 'fire engine', 'firefighter'], look: ['fire', 'truck'] },
  { say: ['display', 'desk', 'shelf', 'collector', 'collectors', 'office'], look: ['display', 'collector', 'adults', 'architecture'] },
  { say: ['gift', 'present', 'stocking filler', 'stocking stuffer'], look: ['gift'] },

  // Watches.
  {
    say: ['find him', 'find her', 'track my kid', 'where he is', 'where she is', 'location', 'tracker', 'tracking', 'locate'],
    look: ['gps', 'tracker', 'kids'],
  },
  { say: ['navigation', 'maps', 'directions', 'route'], look: ['gps', 'maps', 'navigation'] },
  { say: ['pulse', 'heart rate', 'hr', 'bpm'], means: ['heart rate'] },
  { say: ['iphone', 'apple phone', 'ios'], means: ['ios'] },
  { say: ['samsung phone', 'android phone', 'pixel'], means: ['android'] },
];

/**
 * Words that say nothing about the product in a shop's search box: function words, and the talk around a need
 * ("looking for something good for my…"). Short on purpose: "over", "back", "new", "one", "on" and "off" are
 * product words here ("over-ear", "open back", "on-ear", "off road"), so they stay in the reader's phrases; only
 * words in this list are dropped from the words matched against the catalog.
 */
export const QUERY_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or of to for with in on at by from as into about my me i im am is are was be been it its that this these those some any ' +
    'looking look want wants wanted need needs needed please something thing things who what which would like good great best really very ' +
    'get got buy buying find show give help can could should will just also only so too he she hes shes they them their we our us you your ' +
    'loves love likes into fan turning old year years yr yrs aged ages age one new just'
  ).split(' '),
);
