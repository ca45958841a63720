import { any, brand, g, inCategory, is, not, oneOf, price, range, title, type QuerySource } from './dsl';

const q = inCategory('pet_food');
const dog = is('species', 'dog');
const cat = is('species', 'cat');
const stage = (...s: string[]) => oneOf('lifeStage', s);
const wet = is('form', 'wet');
const dry = is('form', 'dry');
const grainFree = is('grainFree', true);
const flavour = (...f: string[]) => oneOf('flavour', f);
const bag = (min: number | undefined, max: number | undefined) => range('bagSizeLb', min, max);
const SENSITIVE = title('sensitive skin', 'limited ingredient');

export const PET_FOOD: QuerySource[] = [
  // intent
  q('intent', 'food for an overweight dog', 'A weight-management dog food.', g(3, dog, title('perfect weight'))),
  q(
    'intent',
    'my cat is 14 and getting picky',
    'Senior cat food, wet (more appealing) best.',
    g(3, cat, stage('senior'), wet),
    g(2, cat, stage('senior')),
    g(1, cat, wet),
  ),
  q(
    'intent',
    'new large breed puppy',
    'Puppy food for a large-breed puppy.',
    g(3, stage('puppy'), title('large', 'labrador')),
    g(2, stage('puppy'), dry),
    g(1, stage('puppy')),
  ),
  q(
    'intent',
    'dog with a sensitive stomach and itchy skin',
    'A sensitive skin & stomach or limited-ingredient dog food.',
    g(3, dog, title('sensitive skin')),
    g(2, dog, title('limited ingredient')),
  ),
  q(
    'intent',
    'indoor cat, never goes outside',
    'Cat food formulated for indoor cats.',
    g(3, cat, title('indoor')),
    g(1, cat, stage('adult', 'all')),
  ),
  q('intent', 'we just brought home a kitten', 'Kitten food.', g(3, stage('kitten')), g(2, cat, stage('all'))),
  q(
    'intent',
    'grain free for a dog allergic to chicken',
    'Grain-free dog food without chicken.',
    g(3, dog, grainFree, not(flavour('chicken')), not(title('chicken'))),
    g(2, dog, not(flavour('chicken')), not(title('chicken'))),
    g(1, dog, grainFree),
  ),
  q(
    'intent',
    'old small dog',
    'Senior food for a small dog.',
    g(3, dog, stage('senior'), title('small')),
    g(2, dog, stage('senior')),
    g(1, dog, title('small')),
  ),
  q(
    'intent',
    'biggest bag for two labradors',
    'Large bags (30 lb+) of dry dog food.',
    g(3, dog, dry, bag(30, undefined)),
    g(2, dog, dry, bag(24, 29.9)),
    g(1, dog, title('labrador')),
  ),
  q('intent', 'cat that only eats wet food in gravy', 'Wet cat food in gravy.', g(3, cat, wet, title('gravy')), g(2, cat, wet)),
  q(
    'intent',
    'fish flavour for my cat',
    'Cat food with fish (salmon, tuna, whitefish).',
    g(3, cat, flavour('salmon', 'tuna', 'whitefish')),
  ),
  q(
    'intent',
    'high protein like a wolf would eat, for my husky',
    'High-protein, grain-free dog food (Orijen, Wilderness) for an adult dog.',
    g(3, dog, grainFree, any(brand('Orijen'), title('wilderness', 'core')), not(stage('puppy'))),
    g(2, dog, grainFree),
    g(1, dog, brand('Orijen')),
  ),
  q('intent', 'cheap dog food under $20', 'Dog food for $20 or less.', g(3, dog, price(undefined, 20)), g(2, dog, price(20, 25))),
  q(
    'intent',
    'senior dog losing interest in dry food',
    'Wet senior dog food.',
    g(3, dog, stage('senior'), wet),
    g(2, dog, wet, not(stage('puppy'))),
    g(1, dog, stage('senior')),
  ),
  // attribute
  q('attribute', 'grain free', 'Grain-free foods.', g(3, grainFree)),
  q('attribute', 'wet cat food', 'Wet cat food.', g(3, cat, wet)),
  q('attribute', 'dry dog food', 'Dry dog food.', g(3, dog, dry)),
  q('attribute', 'senior 7+', 'Senior 7+ foods.', g(3, title('senior 7+')), g(2, stage('senior'))),
  q('attribute', 'puppy', 'Puppy food.', g(3, stage('puppy'))),
  q('attribute', 'salmon', 'Salmon recipes.', g(3, flavour('salmon'))),
  q('attribute', '30 lb bag', 'Bags of about 30 lb.', g(3, bag(28, 32)), g(1, bag(24, 27.9)), g(1, bag(32.1, 36))),
  q('attribute', 'lamb and rice', 'Lamb & rice recipes.', g(3, title('lamb rice', 'lamb brown rice'))),
  q('attribute', 'pate', 'Pâté wet food.', g(3, title('pate'))),
  q('attribute', 'all life stages', 'All-life-stages foods.', g(3, stage('all'))),
  // named
  q('named', 'blue buffalo wilderness', 'Blue Buffalo Wilderness.', g(3, title('wilderness')), g(1, brand('Blue Buffalo'))),
  q('named', 'purina pro plan', 'Purina Pro Plan.', g(3, title('pro plan'))),
  q('named', 'royal canin', 'Royal Canin.', g(3, brand('Royal Canin'))),
  q('named', 'hills perfect weight', "Hill's Science Diet Perfect Weight.", g(3, title('perfect weight')), g(1, brand("Hill's"))),
  q('named', 'orijen six fish', 'Orijen Six Fish.', g(3, title('six fish')), g(1, brand('Orijen'))),
  q('named', 'fancy feast', 'Purina Fancy Feast.', g(3, title('fancy feast'))),
  q('named', 'wellness core', 'Wellness CORE.', g(3, title('wellness core')), g(1, brand('Wellness'))),
  q('named', 'beneful', 'Purina Beneful.', g(3, title('beneful'))),
  q('named', 'tastefuls', 'Blue Buffalo Tastefuls.', g(3, title('tastefuls'))),
  q('named', 'purina one', 'Purina ONE.', g(3, title('purina one'))),
  // lexical
  q('lexical', 'grainfree', 'Grain-free foods (joined).', g(3, grainFree)),
  q('lexical', 'hills science diet', "Hill's Science Diet (apostrophe dropped).", g(3, title('science diet'))),
  q('lexical', 'blue buffallo', 'Blue Buffalo (typo).', g(3, brand('Blue Buffalo'))),
  q('lexical', 'pâté for cats', 'Pâté cat food (accent).', g(3, cat, title('pate')), g(1, title('pate'))),
  q('lexical', 'puppy foods', 'Puppy food (plural).', g(3, stage('puppy'))),
  q('lexical', 'royal cannin', 'Royal Canin (typo).', g(3, brand('Royal Canin'))),
  q('lexical', 'kitten chow', 'Purina Cat Chow Kitten.', g(3, title('cat chow'), stage('kitten')), g(1, title('cat chow'))),
  q('lexical', 'catfood salmon', 'Salmon cat food (joined).', g(3, cat, flavour('salmon')), g(1, cat, flavour('tuna', 'whitefish'))),
  q('lexical', 'sr dog food', 'Senior dog food (abbreviated).', g(3, dog, stage('senior'))),
  q('lexical', 'wet dogfood', 'Wet dog food (joined).', g(3, dog, wet)),
  // unanswerable part
  q(
    'unanswerable-part',
    'raw freeze dried dog food',
    'No raw or freeze-dried food; high-protein grain-free dog food is the nearest.',
    g(1, dog, grainFree),
  ),
  q('unanswerable-part', 'kidney support senior cat', 'No renal diets; senior cat food is partly relevant.', g(1, cat, stage('senior'))),
  q(
    'unanswerable-part',
    'hypoallergenic dog food',
    'No hypoallergenic label; sensitive-skin and limited-ingredient foods are the nearest.',
    g(2, dog, SENSITIVE),
  ),
  q('unanswerable-part', 'organic cat food', 'No organic label; cat food is partly relevant.', g(1, cat)),
  q(
    'unanswerable-part',
    'weight control cat food',
    'No weight-control cat food; indoor adult cat formulas are the nearest, other indoor cat food partly.',
    g(2, cat, title('indoor'), stage('adult')),
    g(1, title('perfect weight')),
  ),
  q('unanswerable-part', 'venison dog food', 'No venison; other novel proteins (bison, duck) partly.', g(1, dog, flavour('bison', 'duck'))),
  // none
  q('none', 'rabbit food', 'No food for rabbits or small animals.'),
  q('none', 'dog treats', 'No treats or chews in the catalog.'),
];
