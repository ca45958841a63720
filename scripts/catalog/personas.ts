import type { DefaultCategoryId, Persona } from '../../lib/catalog/catalog-schema';
import { ageRangeIncludes, num } from './match';
import type { Constraint } from './types';

/** A Buyer persona: the mission in their words, the same wants as data, and search phrasings of it. */
export interface PersonaSpec {
  id: string;
  category: DefaultCategoryId;
  name: string;
  mission: string;
  profile: Persona['profile'];
  /** What the mission says that the profile's fields cannot (ages, battery life, bag size…). Targets meet these too. */
  extra: Constraint[];
  /** Short keyword versions of the mission, as a Buyer would type them. */
  keywords: string[];
}

const atLeast = (key: string, min: number, label: string): Constraint => ({ label, test: (p) => num(p, key) >= min });
const ageFits = (age: number): Constraint => ({
  label: `suitable for a ${age}-year-old`,
  test: (p) => typeof p.attributes.ageRange === 'string' && ageRangeIncludes(p.attributes.ageRange, age),
});

export const PERSONAS: readonly PersonaSpec[] = [
  {
    id: 'lego-star-wars-nephew',
    category: 'lego',
    name: 'Rachel',
    mission: "I'm looking for a gift for my 9-year-old nephew who loves Star Wars, around $60.",
    profile: { budgetMin: 40, budgetMax: 80, mustHave: { theme: 'Star Wars' }, recipient: 'nephew', recipientAge: 9, use: 'birthday gift' },
    extra: [ageFits(9), atLeast('ageMin', 6, 'not a toddler set')],
    keywords: ['star wars lego for 9 year old around $60', 'star wars lego gift for nephew'],
  },
  {
    id: 'lego-architecture-office',
    category: 'lego',
    name: 'Marcus',
    mission:
      "I'd like a LEGO Architecture set to build over a weekend and display in my home office. Something with at least 500 pieces, between $50 and $150.",
    profile: { budgetMin: 50, budgetMax: 150, mustHave: { theme: 'Architecture' }, recipient: 'self', use: 'display in a home office' },
    extra: [atLeast('pieces', 500, 'at least 500 pieces')],
    keywords: ['lego architecture set 500 pieces'],
  },
  {
    id: 'lego-duplo-toddler',
    category: 'lego',
    name: 'Priya',
    mission: 'My daughter just turned 2 and I want her first LEGO set: big bricks that are easy for little hands, under $40.',
    profile: { budgetMax: 40, mustHave: { theme: 'Duplo' }, recipient: 'daughter', recipientAge: 2, use: 'first building toy' },
    extra: [ageFits(2)],
    keywords: ['lego duplo for 2 year old under $40'],
  },
  {
    id: 'lego-technic-teen',
    category: 'lego',
    name: 'Tom',
    mission:
      'My 13-year-old son loves engineering and anything with gears. I would like a LEGO Technic set for him, somewhere between $80 and $200.',
    profile: {
      budgetMin: 80,
      budgetMax: 200,
      mustHave: { theme: 'Technic' },
      mustNotHave: { ageRange: '18+' },
      recipient: 'son',
      recipientAge: 13,
      use: 'birthday gift',
    },
    extra: [ageFits(13)],
    keywords: ['lego technic for 13 year old'],
  },
  {
    id: 'smartwatch-marathon',
    category: 'smartwatches',
    name: 'Daniel',
    mission:
      "I'm training for my first marathon and need a watch with built-in GPS and a battery that lasts at least a week. I use an iPhone and want to spend less than $350.",
    profile: { budgetMax: 350, mustHave: { gps: true, compatibility: 'iOS' }, recipient: 'self', use: 'marathon training' },
    extra: [atLeast('batteryDays', 7, 'battery lasts at least a week')],
    keywords: ['gps running watch for iphone long battery'],
  },
  {
    id: 'smartwatch-android-everyday',
    category: 'smartwatches',
    name: 'Sofia',
    mission:
      "I have a Samsung phone and want an everyday smartwatch for notifications and heart-rate tracking. Nothing over $250, and I don't want an Apple Watch.",
    profile: {
      budgetMax: 250,
      mustHave: { compatibility: 'Android', heartRate: true },
      brandsDisliked: ['Apple'],
      recipient: 'self',
      use: 'notifications and heart-rate tracking',
    },
    extra: [],
    keywords: ['android smartwatch heart rate under $250'],
  },
  {
    id: 'smartwatch-swim-dad',
    category: 'smartwatches',
    name: 'Greg',
    mission:
      'My dad swims laps every morning and wants a watch to track it. It has to be water resistant to 10 ATM and work with his iPhone, and I would like to keep it between $150 and $300.',
    profile: {
      budgetMin: 150,
      budgetMax: 300,
      mustHave: { waterResistance: '10 ATM', compatibility: 'iOS' },
      recipient: 'father',
      use: 'swimming laps',
    },
    extra: [],
    keywords: ['10 atm swim watch for iphone', 'waterproof watch for dad who swims'],
  },
  {
    id: 'books-mystery-mom',
    category: 'books',
    name: 'Helen',
    mission: "I'm after a mystery novel in paperback for my mom's birthday. She loves a good whodunit. Under $20, please.",
    profile: {
      budgetMax: 20,
      mustHave: { genre: 'mystery', format: 'paperback', readingAge: 'adult' },
      recipient: 'mother',
      use: 'birthday gift',
    },
    extra: [],
    keywords: ['mystery novel paperback for mom'],
  },
  {
    id: 'books-fantasy-kid',
    category: 'books',
    name: 'Jamal',
    mission:
      'My 10-year-old is a reluctant reader who loves dragons and magic. I would like a fantasy book for ages 8 to 12, in hardcover so it lasts, under $25.',
    profile: {
      budgetMax: 25,
      mustHave: { genre: 'fantasy', readingAge: '8-12', format: 'hardcover' },
      recipient: 'son',
      recipientAge: 10,
      use: 'reading for fun',
    },
    extra: [],
    keywords: ['fantasy book for 10 year old hardcover'],
  },
  {
    id: 'books-classics-ebook',
    category: 'books',
    name: 'Oliver',
    mission:
      "I commute by train and want to read the great classics on my e-reader. I'm looking for ebook editions of classic novels, and I'd rather not pay more than $10.",
    profile: { budgetMax: 10, mustHave: { genre: 'classics', format: 'ebook' }, recipient: 'self', use: 'reading on the train' },
    extra: [],
    keywords: ['classic novels ebook under $10'],
  },
  {
    id: 'books-scifi-audiobook',
    category: 'books',
    name: 'Mei',
    mission:
      'I drive a lot for work and want a long science fiction audiobook to keep me company for weeks, from a book of at least 400 pages. Up to $30.',
    profile: {
      budgetMax: 30,
      mustHave: { genre: 'science fiction', format: 'audiobook', readingAge: 'adult' },
      recipient: 'self',
      use: 'listening while driving',
    },
    extra: [atLeast('pages', 400, 'a long book (400+ pages)')],
    keywords: ['long science fiction audiobook'],
  },
  {
    id: 'vitamins-vegan-d3',
    category: 'vitamins',
    name: 'Lena',
    mission:
      "I've been vegan for a year and my doctor says my vitamin D is low. I want a vegan vitamin D3, ideally gummies because I hate swallowing pills, under $25.",
    profile: {
      budgetMax: 25,
      mustHave: { nutrient: 'Vitamin D3', dietary: 'vegan', form: 'gummy' },
      recipient: 'self',
      use: 'low vitamin D',
    },
    extra: [],
    keywords: ['vegan vitamin d3 gummies'],
  },
  {
    id: 'vitamins-kids-sugar-free',
    category: 'vitamins',
    name: 'Carlos',
    mission: 'I need a multivitamin my kids, aged 6 and 8, will actually take: gummies, but sugar-free please. Up to $30.',
    profile: {
      budgetMax: 30,
      mustHave: { nutrient: 'Multivitamin', form: 'gummy', dietary: 'sugar-free' },
      recipient: 'children',
      recipientAge: 6,
      use: 'daily vitamins for kids',
    },
    extra: [{ label: "a children's formula", test: (p) => /\bKids\b/.test(p.title) }],
    keywords: ['sugar free kids multivitamin gummies'],
  },
  {
    id: 'vitamins-magnesium-sleep',
    category: 'vitamins',
    name: 'Ruth',
    mission:
      "I'm 60 and have trouble sleeping, and a friend suggested magnesium. I'd like gluten-free magnesium capsules, a bottle that lasts at least two months, for about $15 to $35.",
    profile: {
      budgetMin: 15,
      budgetMax: 35,
      mustHave: { nutrient: 'Magnesium', form: 'capsule', dietary: 'gluten-free' },
      recipient: 'self',
      recipientAge: 60,
      use: 'better sleep',
    },
    extra: [atLeast('count', 60, 'at least 60 capsules')],
    keywords: ['magnesium capsules for sleep gluten free'],
  },
  {
    id: 'shoes-wide-road',
    category: 'running_shoes',
    name: 'Kevin',
    mission:
      "I'm a bigger guy with wide feet, training for a half marathon on the road. I need men's road running shoes in a wide fit with maximum cushioning, up to $170.",
    profile: {
      budgetMax: 170,
      mustHave: { terrain: 'road', width: 'wide', gender: 'men', cushioning: 'max' },
      recipient: 'self',
      use: 'half marathon training',
    },
    extra: [],
    keywords: ['mens wide max cushion road running shoes'],
  },
  {
    id: 'shoes-trail-women',
    category: 'running_shoes',
    name: 'Anna',
    mission:
      "I'm getting into trail running on muddy hills and need women's trail shoes with good grip. My budget is $100 to $160, and I'd rather not buy Nike.",
    profile: {
      budgetMin: 100,
      budgetMax: 160,
      mustHave: { terrain: 'trail', gender: 'women' },
      brandsDisliked: ['Nike'],
      recipient: 'self',
      use: 'muddy trail running',
    },
    extra: [],
    keywords: ['womens trail running shoes for mud'],
  },
  {
    id: 'shoes-track-daughter',
    category: 'running_shoes',
    name: 'Paul',
    mission:
      'My 15-year-old daughter just joined her high-school track team and needs spikes for the 400 metres. Nothing too expensive, under $90.',
    profile: {
      budgetMax: 90,
      mustHave: { terrain: 'track' },
      mustNotHave: { gender: 'men' },
      recipient: 'daughter',
      recipientAge: 15,
      use: 'sprinting on the track',
    },
    extra: [],
    keywords: ['track spikes for teen girl under $90', 'sprint spikes 400m'],
  },
  {
    id: 'headphones-classical-home',
    category: 'headphones',
    name: 'Walter',
    mission:
      "I want good over-ear headphones for listening to classical music at home. I've liked Sennheiser and Audio-Technica before, and I'm on a limited budget, under $150.",
    profile: {
      budgetMax: 150,
      mustHave: { type: 'over-ear' },
      brandsLiked: ['Sennheiser', 'Audio-Technica'],
      recipient: 'self',
      use: 'classical music at home',
    },
    extra: [],
    keywords: ['over ear headphones for classical music under $150'],
  },
  {
    id: 'headphones-subway-earbuds',
    category: 'headphones',
    name: 'Aisha',
    mission:
      'I ride a noisy subway every day and want wireless noise-cancelling earbuds with a good mic for calls. I would like to stay between $100 and $250.',
    profile: {
      budgetMin: 100,
      budgetMax: 250,
      mustHave: { type: 'earbuds', wireless: true, noiseCancelling: true, microphone: true },
      recipient: 'self',
      use: 'commuting and calls',
    },
    extra: [],
    keywords: ['noise cancelling earbuds with mic for subway'],
  },
  {
    id: 'headphones-teen-gift',
    category: 'headphones',
    name: 'Nate',
    mission:
      "My son is turning 16 and wants wireless over-ear headphones with noise cancelling. He's a big fan of Beats and JBL. I can spend up to $200.",
    profile: {
      budgetMax: 200,
      mustHave: { type: 'over-ear', wireless: true, noiseCancelling: true },
      brandsLiked: ['Beats', 'JBL'],
      recipient: 'son',
      recipientAge: 16,
      use: 'birthday gift',
    },
    extra: [{ label: 'a brand he likes (Beats or JBL)', test: (p) => p.brand === 'Beats' || p.brand === 'JBL' }],
    keywords: ['beats or jbl noise cancelling headphones'],
  },
  {
    id: 'petfood-grain-free-puppy',
    category: 'pet_food',
    name: 'Emma',
    mission: 'We just adopted a Labrador puppy and I want a grain-free dry puppy food in a big bag, at least 20 pounds, under $90.',
    profile: {
      budgetMax: 90,
      mustHave: { species: 'dog', lifeStage: 'puppy', grainFree: true, form: 'dry' },
      recipient: 'Labrador puppy',
      use: 'everyday food',
    },
    extra: [atLeast('bagSizeLb', 20, 'a bag of at least 20 lb')],
    keywords: ['grain free puppy food big bag'],
  },
  {
    id: 'petfood-senior-cat',
    category: 'pet_food',
    name: 'George',
    mission:
      "My cat is 14 now and has trouble with dry kibble, so I'd like a wet senior cat food. Not Purina, she refuses it. Around $20 to $50.",
    profile: {
      budgetMin: 20,
      budgetMax: 50,
      mustHave: { species: 'cat', lifeStage: 'senior', form: 'wet' },
      brandsDisliked: ['Purina'],
      recipient: 'cat',
      recipientAge: 14,
      use: 'everyday food',
    },
    extra: [],
    keywords: ['wet food for senior cat'],
  },
  {
    id: 'petfood-big-dogs',
    category: 'pet_food',
    name: 'Luis',
    mission:
      'I have two big adult dogs that eat a lot, so I need a large bag, 30 pounds or more, of dry adult dog food with chicken. Grains are fine. Under $60.',
    profile: {
      budgetMax: 60,
      mustHave: { species: 'dog', lifeStage: 'adult', form: 'dry', flavour: 'chicken' },
      recipient: 'two adult dogs',
      use: 'everyday food',
    },
    extra: [atLeast('bagSizeLb', 30, 'a bag of 30 lb or more')],
    keywords: ['chicken dry dog food 30 lb bag under $60'],
  },
];
