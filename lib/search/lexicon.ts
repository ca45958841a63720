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

  // More of who it is for.
  { say: ['kindergarten', 'kindergartener', 'reception', 'nursery'], look: ['preschool', 'kids'], age: 5 },
  { say: ['first grader', 'second grader', 'primary school', 'grade school', 'elementary'], look: ['kids', 'children'], age: 7 },
  { say: ['preteen', 'pre teen', 'middle school', 'middle grade'], look: ['kids', 'middle grade'], age: 11 },
  { say: ['high school', 'highschool', 'student', 'college', 'university', 'students'], look: ['teen', 'student'], age: 16 },
  {
    say: [
      'retired',
      'retiree',
      'pensioner',
      'elderly',
      'older',
      'senior citizen',
      'grandparent',
      'grandparents',
      'over 50',
      'over 60',
      'seniors',
    ],
    look: ['senior', '50', 'adults'],
  },
  { say: ['pregnant', 'pregnancy', 'expecting', 'prenatal', 'breastfeeding'], look: ['prenatal', 'women', 'folate', 'iron'] },

  // More of running.
  {
    say: [
      'plantar fasciitis',
      'heel pain',
      'knee pain',
      'sore knees',
      'bad knees',
      'joint pain',
      'shin splints',
      'achy',
      'heavy runner',
      'heavier runner',
      'big guy',
    ],
    look: ['cushioning', 'cushioned', 'max', 'plush', 'stability'],
    means: ['max'],
  },
  {
    say: ['barefoot', 'minimalist', 'natural running', 'zero drop', 'ground feel'],
    look: ['minimal', 'barefoot', 'zero drop'],
    means: ['minimal'],
  },
  {
    say: ['long run', 'long runs', 'long distance', 'distance', 'mileage', 'high mileage'],
    look: ['long runs', 'distance', 'cushioned', 'marathon'],
  },
  { say: ['speedwork', 'intervals', 'track workouts', 'sprints', 'sprinting', 'track'], look: ['track', 'speed', 'spikes', 'tempo'] },
  {
    say: ['everyday', 'daily', 'all round', 'all rounder', 'do it all', 'versatile', 'workhorse'],
    look: ['daily trainer', 'versatile', 'everyday'],
  },
  {
    say: ['both', 'mix', 'mixed', 'hybrid', 'road and trail', 'light trails', 'canal path', 'towpath', 'park'],
    look: ['road to trail', 'hybrid', 'versatile'],
  },
  { say: ['grip', 'slippery', 'rocky', 'technical', 'rain', 'wet'], look: ['grip', 'lugs', 'trail', 'traction'] },

  // More of watches.
  { say: ['sleep tracking', 'track my sleep', 'sleep tracker', 'sleep score'], look: ['sleep', 'tracking', 'fitness tracker'] },
  {
    say: ['steps', 'step counter', 'pedometer', 'activity tracker', 'fitness tracker', 'walking', 'walks'],
    look: ['fitness tracker', 'steps', 'activity'],
  },
  { say: ['cycling', 'bike', 'biking', 'cyclist', 'spin'], look: ['cycling', 'multisport', 'gps'] },
  { say: ['golf', 'golfer', 'tennis', 'skiing', 'ski', 'snowboard'], look: ['golf', 'multisport', 'sport'] },
  {
    say: ['stylish', 'elegant', 'dressy', 'fashion', 'pretty', 'looks nice', 'smart looking', 'classy'],
    look: ['classic', 'leather', 'rose gold', 'stainless'],
  },
  {
    say: ['text', 'texts', 'notifications', 'messages', 'answer calls', 'apps', 'smart features', 'payments', 'contactless'],
    look: ['smartwatch', 'notifications', 'apps'],
  },
  { say: ['battery', 'charge', 'charging', 'recharge'], look: ['battery', 'days'] },

  // More of listening.
  {
    say: ['running headphones', 'jogging headphones', 'sweat', 'sweaty', 'sweatproof', 'stay in', 'fall out', 'secure fit'],
    look: ['sport earbuds', 'ear hooks', 'sport', 'secure'],
  },
  { say: ['gaming', 'gamer', 'games', 'playstation', 'xbox', 'discord'], look: ['gaming', 'microphone', 'mic'], means: ['microphone'] },
  { say: ['bass', 'bassy', 'punchy', 'club', 'edm', 'hip hop'], look: ['bass', 'extra bass'] },
  {
    say: ['bus', 'subway', 'tube', 'metro', 'open office', 'loud', 'block out', 'shut out', 'quiet', 'silence', 'peace and quiet'],
    look: ['noise cancelling', 'noise canceling', 'travel'],
    means: ['noise cancelling'],
  },
  {
    say: ['small ears', 'tiny ears', 'lightweight', 'foldable'],
    look: ['compact', 'lightweight', 'portable'],
  },
  { say: ['tv', 'television', 'movies', 'film', 'films'], look: ['wireless', 'over ear', 'home'] },

  // More of reading.
  { say: ['funny', 'humour', 'humor', 'laugh', 'hilarious', 'silly'], look: ['funny', 'humor', 'laugh'] },
  {
    say: ['suspense', 'gripping', 'page turner', 'edge of my seat', 'twisty', 'twists', 'spy', 'spies', 'psychological'],
    look: ['thriller', 'suspense', 'gripping'],
  },
  {
    say: ['fairy', 'fairies', 'elves', 'epic', 'quest', 'kingdom', 'sword', 'swords', 'sorcery'],
    look: ['fantasy', 'magic', 'dragons', 'kingdom'],
  },
  {
    say: ['aliens', 'alien', 'robots', 'robot', 'future', 'futuristic', 'time travel', 'galaxy', 'starship'],
    look: ['science fiction', 'space', 'robot'],
  },
  { say: ['love', 'relationship', 'relationships', 'swoon', 'rom com', 'romcom'], look: ['romance', 'love'] },
  {
    say: ['old classics', 'literature', 'great books', 'must read', 'timeless', 'victorian', 'school reading', 'set text'],
    look: ['classics', 'classic', 'literary'],
  },
  {
    say: ['past', 'period', 'victorian era', 'tudor', 'regency', 'medieval', 'ancient'],
    look: ['historical fiction', 'historical', 'history'],
  },
  { say: ['adventures', 'exploring', 'explorer', 'treasure', 'pirates', 'pirate', 'journey'], look: ['adventure', 'treasure', 'journey'] },
  { say: ['feel good', 'uplifting', 'heartwarming', 'cosy read'], look: ['heartwarming', 'uplifting', 'cozy'] },
  {
    say: ['improve myself', 'mindset', 'confidence', 'better myself', 'success', 'goals', 'anxiety', 'mindfulness'],
    look: ['self help', 'habits', 'mindset'],
  },
  {
    say: ['vegetarian recipes', 'vegan recipes', 'plant based cooking', 'healthy eating', 'healthy recipes', 'meals'],
    look: ['cookbook', 'recipes', 'healthy'],
  },
  {
    say: ['learn to read', 'learning to read', 'early reader', 'early readers', 'beginning reader', 'first words', 'abc', 'alphabet'],
    look: ['picture book', 'early', 'first'],
    age: 4,
  },
  { say: ['long book', 'thick', 'big book', 'doorstop', 'epic saga'], look: ['epic', 'saga'] },
  { say: ['short book', 'quick read', 'short read', 'novella', 'not too long'], look: ['short', 'quick'] },
  { say: ['commute reading', 'on my phone', 'on my tablet', 'ereader', 'e reader', 'nook', 'kobo'], look: ['ebook'] },

  // More of building sets.
  {
    say: ['vehicles', 'vehicle', 'trucks', 'truck', 'diggers', 'digger', 'construction', 'tractor', 'crane'],
    look: ['truck', 'vehicle', 'construction', 'technic', 'city'],
  },
  {
    say: ['animals', 'animal', 'horses', 'horse', 'pets', 'zoo', 'farm', 'wildlife'],
    look: ['animals', 'horse', 'farm', 'friends', 'duplo'],
  },
  { say: ['friendship', 'girls', 'cafe', 'heartlake'], look: ['friends', 'heartlake'] },
  {
    say: ['jedi', 'sith', 'stormtrooper', 'stormtroopers', 'skywalker', 'mandalorian', 'yoda', 'lightsaber', 'x wing', 'death star'],
    look: ['star wars', 'jedi'],
  },
  {
    say: ['supercars', 'sports cars', 'race cars', 'racing cars', 'formula 1', 'f1', 'motorbike', 'motorcycle'],
    look: ['technic', 'car', 'supercar', 'race'],
  },
  {
    say: ['flowers', 'plants', 'botanical', 'bouquet', 'home decor', 'decor', 'decoration', 'wall art'],
    look: ['flowers', 'botanical', 'icons', 'display', 'ideas', 'creator'],
  },
  {
    say: ['challenging', 'challenge', 'hard', 'complex', 'difficult', 'big build', 'advanced', 'expert', 'detailed', 'for adults'],
    look: ['adults', 'display', 'collector'],
    age: 18,
  },
  {
    say: ['easy build', 'simple', 'easy', 'quick build', 'first set', 'starter set', 'big bricks', 'large bricks', 'chunky'],
    look: ['easy', 'starter', 'duplo', 'first'],
  },
  {
    say: ['3 in 1', 'three in one', 'rebuild', 'rebuildable', 'different models', 'creative', 'build different'],
    look: ['3 in 1', 'creator', 'creative'],
  },
  { say: ['city', 'town', 'fire station', 'police station', 'hospital', 'airport'], look: ['city', 'station'] },

  // More of pet food.
  { say: ['hairball', 'hairballs'], look: ['hairball', 'indoor'] },
  { say: ['teeth', 'dental', 'breath', 'tartar'], look: ['dental', 'teeth', 'dry'] },
  { say: ['urinary', 'bladder', 'kidney', 'kidneys', 'crystals'], look: ['urinary', 'kidney'] },
  { say: ['skin', 'coat', 'shiny coat', 'itchy skin', 'dry skin', 'shedding'], look: ['skin', 'coat', 'omega', 'salmon'] },
  { say: ['grain allergy', 'no grain', 'no grains', 'grainless', 'wheat free', 'no wheat', 'no corn'], means: ['grain free'] },
  {
    say: ['active', 'working dog', 'working dogs', 'energetic', 'high energy', 'athletic'],
    look: ['active', 'high protein', 'performance', 'protein'],
  },
  {
    say: ['natural', 'wholesome', 'real meat', 'healthy', 'high quality', 'premium', 'no fillers', 'no by products'],
    look: ['natural', 'real', 'wholesome', 'protein'],
  },
  {
    say: [
      'bulk',
      'big bag',
      'large bag',
      'stock up',
      'lasts a while',
      'multiple dogs',
      'two dogs',
      'several dogs',
      'multi cat',
      'multiple cats',
      'two cats',
    ],
    look: ['bag', 'lb'],
  },
  { say: ['trial', 'try', 'sample', 'small bag', 'travel size'], look: ['small', 'bag'] },
  { say: ['gravy', 'pate', 'chunks', 'canned', 'cans', 'tins', 'tinned', 'pouches', 'pouch', 'moist'], means: ['wet'] },
  { say: ['kibble', 'biscuits', 'crunchy'], means: ['dry'] },
  { say: ['fish', 'seafood', 'ocean'], look: ['salmon', 'tuna', 'whitefish', 'fish'] },
  { say: ['poultry', 'bird'], look: ['chicken', 'turkey', 'duck'] },
  { say: ['red meat', 'meat', 'meaty'], look: ['beef', 'lamb', 'bison', 'meat'] },

  // More of vitamins.
  { say: ['sunshine', 'sun', 'winter', 'dark months', 'indoors a lot', 'office worker', 'no sun'], look: ['vitamin d', 'd3'] },
  { say: ['hair', 'nails', 'skin health', 'glow', 'collagen', 'biotin'], look: ['hair', 'skin', 'nails', 'biotin'] },
  { say: ['cramps', 'muscle cramps', 'leg cramps', 'twitching', 'restless legs'], look: ['magnesium', 'muscle'] },
  { say: ['vegan', 'plant based', 'no animal'], means: ['vegan'] },
  { say: ['anemic', 'anaemic', 'low iron', 'iron deficiency', 'heavy periods'], look: ['iron'] },
  {
    say: ['athlete', 'athletes', 'recovery', 'muscle', 'sports nutrition', 'bodybuilding'],
    look: ['zinc', 'magnesium', 'zma', 'recovery', 'muscle'],
  },
  { say: ['once a day', 'one a day', 'one per day', 'daily dose', 'easy to take'], look: ['once daily', 'one daily', 'daily'] },
  { say: ['tastes good', 'tasty', 'yummy', 'fruit flavour', 'fruity'], look: ['gummy', 'gummies', 'flavor', 'fruit'] },
  { say: ['gluten', 'celiac', 'coeliac'], means: ['gluten free'] },
  { say: ['dairy', 'lactose', 'lactose intolerant', 'milk allergy'], means: ['dairy free'] },
  { say: ['organic', 'whole food', 'wholefood', 'food based', 'natural vitamins'], look: ['organic', 'whole food', 'organics'] },

  // Still more, by need.
  {
    say: ['high arch', 'high arches', 'neutral', 'neutral runner', 'supinate', 'supination', 'underpronate'],
    look: ['neutral', 'cushioned', 'cushioning'],
  },
  {
    say: ['walking', 'walker', 'standing all day', 'on my feet all day', 'nurse', 'nurses', 'long shifts'],
    look: ['cushioned', 'cushioning', 'comfort', 'max', 'walking'],
  },
  { say: ['fishy', 'fishy burps', 'burps', 'aftertaste', 'fish burps'], look: ['algae', 'vegan', 'lemon', 'enteric'] },
  {
    say: ['book club', 'book group', 'prize winning', 'award winning', 'booker', 'literary'],
    look: ['literary fiction', 'literary', 'novel'],
  },
  { say: ['like harry potter', 'wizards and magic', 'magic school', 'witches'], look: ['fantasy', 'magic', 'academy', 'witch'] },
  { say: ['reluctant reader', 'doesnt like reading', 'hates reading', 'struggling reader'], look: ['adventure', 'funny', 'short'] },
  { say: ['laps', 'lap swimming', 'open water'], look: ['swim', 'swimming', 'water', 'atm'] },
  { say: ['sleeping', 'sleep in', 'in bed', 'side sleeper'], look: ['sleep', 'comfortable', 'earbuds'] },
  { say: ['standing desk', 'office chair', 'at work', 'for work', 'work'], look: ['work', 'office', 'calls'] },
  {
    say: ['birthday', 'christmas', 'xmas', 'holiday', 'anniversary', 'graduation', 'gift idea', 'gift ideas'],
    look: ['gift', 'gift idea'],
  },
  { say: ['senior dog', 'senior cat', '7 plus', 'older pet'], look: ['senior', 'mature', '7+'] },
  { say: ['puppies', 'pup', 'young dog'], look: ['puppy'] },
  { say: ['kittens', 'young cat'], look: ['kitten'] },
  {
    say: ['collectible', 'collectable', 'ucs', 'ultimate collector', 'collectors edition', 'display model'],
    look: ['collector', 'collectible', 'display', 'ultimate collector series'],
  },

  // Watches.
  { say: ['watch', 'watches', 'wristwatch', 'fitness watch', 'sports watch'], look: ['smartwatch', 'watch', 'gps watch'] },
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
    'loves love likes into fan turning old year years yr yrs aged ages age one new just every each only'
  ).split(' '),
);
