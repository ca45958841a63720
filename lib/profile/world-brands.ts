/**
 * Brands a Buyer may name that a catalog does not stock, per category of the default catalog: "anything but
 * skullcandy", "my adidas fell apart", "no mega bloks". What they like, own or rule out still says what they want.
 * Only categories the catalog has get them (an imported catalog of other things brings its own brands).
 *
 * A brand whose name is an ordinary word ("On", "Nothing", "Diamond") is listed by what shoppers say for it
 * ("on cloud", "nothing ear"). A longer name is said in full ("sports research", not "sports"). Names that are also pets' or people's names ("Felix", "Sheba", "Ollie") are left
 * out, since "felix won't eat chicken" is about the cat.
 */
export interface WorldBrand {
  brand: string;
  /** The phrases that name it, when its name alone would not do. */
  said?: readonly string[];
}

const named = (...brands: string[]): WorldBrand[] => brands.map((brand) => ({ brand }));

export const WORLD_BRANDS: Record<string, readonly WorldBrand[]> = {
  running_shoes: [
    ...named('Adidas', 'Puma', 'Under Armour', 'Reebok', 'Altra', 'Mizuno', 'Skechers', 'Merrell', 'Topo Athletic', 'Inov-8'),
    ...named('Allbirds', 'Karhu', 'Diadora', 'Norda', 'Vibram', 'Xero', 'La Sportiva', 'Kiprun', 'Decathlon', 'Li-Ning', 'Fila'),
    { brand: 'On', said: ['on cloud', 'on clouds', 'oncloud', 'oncloudmonster', 'on running', 'on cloudmonster', 'on cloudsurfer'] },
    { brand: 'Newton', said: ['newton running'] },
  ],
  headphones: [
    ...named('Skullcandy', 'Jabra', 'Shure', 'Marshall', 'Beyerdynamic', 'AKG', 'Bang & Olufsen', 'Sonos', 'Razer', 'HyperX'),
    ...named('SteelSeries', 'Moondrop', 'Audeze', 'Grado', 'Koss', 'Philips', 'Panasonic', 'Technics', 'Bowers & Wilkins'),
    ...named('Edifier', 'Soundpeats', '1More', 'Tozo', 'Raycon', 'Shokz', 'AfterShokz', 'Logitech', 'Corsair', 'Turtle Beach'),
    ...named('Plantronics', 'Urbanista', 'FiiO', 'Etymotic', 'Westone', 'Denon', 'Yamaha', 'Master & Dynamic', 'Truthear'),
    { brand: 'Focal', said: ['focal headphones'] },
    { brand: 'KZ', said: ['kz iems', 'kz earbuds', 'kz zsn'] },
    { brand: 'Nothing', said: ['nothing ear', 'nothing earbuds', 'nothing buds'] },
  ],
  smartwatches: [
    ...named('Suunto', 'Withings', 'Huawei', 'Xiaomi', 'Fossil', 'Whoop', 'Casio', 'Wahoo', 'Gabb', 'Xplora', 'TickTalk'),
    ...named('Spacetalk', 'Oura', 'TicWatch', 'Mobvoi', 'Timex', 'OnePlus', 'Verizon Gizmo', 'Bellabeat', 'Letsfit'),
    { brand: 'Honor', said: ['honor band', 'honor watch'] },
  ],
  vitamins: [
    ...named('Solgar', 'Pure Encapsulations', 'Kirkland', 'Olly', 'Ritual', "Nature's Bounty", 'MegaFood', 'Jarrow', 'One A Day'),
    ...named('Rainbow Light', "Nature's Way", 'Swisse', 'Vitabiotics', 'Holland & Barrett', 'Life Extension', "Doctor's Best"),
    ...named('Sports Research', 'Vital Proteins', "MaryRuth's", "Zarbee's", 'Flintstones', "L'il Critters", 'Culturelle'),
    ...named('Emergen-C', 'Seven Seas', 'Berocca', 'Pregnacare', 'New Chapter', 'Amazon Elements', 'Myprotein', 'Carlson'),
    ...named('Metagenics', 'Mykind', 'Hero Nutritionals', 'Yummi Bears', "Nature's Plus"),
  ],
  pet_food: [
    ...named('Pedigree', 'Iams', 'Fromm', 'Taste of the Wild', 'Merrick', 'Nutro', 'Acana', 'Friskies', 'Fancy Feast', 'Meow Mix'),
    ...named('Instinct', 'Whiskas', 'Farmina', 'Canidae', 'Natural Balance', 'Nulo', "Stella & Chewy's", 'Open Farm'),
    ...named("The Farmer's Dog", 'Beneful', "Kibbles 'n Bits", 'Rachael Ray Nutrish', 'Applaws', "Lily's Kitchen", 'Harringtons'),
    ...named('James Wellbeloved', 'Eukanuba', "Wainwright's", 'Arden Grange', 'Forthglade', 'Almo Nature', 'Weruva', 'Tiki Cat'),
    ...named('Pooch & Mutt', 'Butternut Box', 'Tails.com', 'Purizon', 'Wolf of Wilderness'),
    { brand: 'Ziwi Peak', said: ['ziwi peak', 'ziwi'] },
    { brand: 'Diamond', said: ['diamond naturals', 'diamond pet food', 'diamond kibble'] },
  ],
  lego: [
    ...named('Mega Bloks', 'Mega Construx', 'Playmobil', "K'Nex", 'BlueBrixx', 'Cobi', 'Lepin', 'Magna-Tiles', 'Brio', 'Nanoblock'),
    ...named('Mould King', 'Sluban', 'Wange', 'Picasso Tiles', 'Tegu', 'Melissa & Doug', 'Meccano', 'Geomag', 'Kre-O', 'Playmags'),
    { brand: 'CaDA', said: ['cada'] },
    { brand: 'Brick Loot', said: ['brick loot'] },
  ],
  books: [
    ...named('Bloomsbury', 'Faber', 'Hachette', 'Usborne', 'Ladybird', 'Walker Books', 'Chronicle Books', 'Folio Society'),
    ...named("Everyman's Library", 'Pan Macmillan', 'Hodder', 'Egmont', 'Nosy Crow', 'Yen Press', 'Kodansha', 'Viz Media'),
    ...named('Barefoot Books', 'Graphix', 'Baen', 'Angry Robot', 'Subterranean Press', 'Picador'),
    { brand: 'DK', said: ['dk books', 'dk eyewitness'] },
    { brand: 'Orion', said: ['orion books'] },
    { brand: 'Headline', said: ['headline books'] },
  ],
};

/**
 * Product lines shoppers name in place of their maker, for makers a catalog may stock: "science diet" is Hill's,
 * "pro plan" Purina, "galaxy watch" Samsung.
 */
export const BRAND_LINES: Record<string, readonly string[]> = {
  "Hill's": ['science diet', 'prescription diet'],
  Purina: ['pro plan', 'purina one', 'cat chow', 'dog chow'],
  'Blue Buffalo': ['blue wilderness', 'blue basics'],
  'Nature Made': ['naturemade'],
  'NOW Foods': ['now supplements'],
  'Anker Soundcore': ['soundcore'],
  Samsung: ['galaxy watch', 'galaxy watches'],
  Kirkland: ['kirkland signature'],
};
