import type { Action } from '../events/event-schema';

/**
 * What each recorded action tells about a participant, in the words the stores ask in: the Chrome Web Store's data
 * types (the listing's Privacy practices tab) and Firefox's data collection permissions (the manifest's
 * `browser_specific_settings.gecko.data_collection_permissions`, shown at install). One place: wxt.config.ts builds
 * the Firefox manifest's list from it, and scripts/privacy-policy.ts writes docs/privacy-policy.md from it and the
 * event schema. A new action does not compile until it is described here.
 */
export const CHROME_DATA_TYPES = [
  'Personally identifiable information',
  'Health information',
  'Financial and payment information',
  'Authentication information',
  'Personal communications',
  'Location',
  'Web history',
  'User activity',
  'Website content',
] as const;
export type ChromeDataType = (typeof CHROME_DATA_TYPES)[number];

/** Firefox's personal data types (extensionworkshop.com, "Firefox built-in consent for data collection"). */
export const FIREFOX_DATA_TYPES = [
  'personallyIdentifyingInfo',
  'healthInfo',
  'financialAndPaymentInfo',
  'authenticationInfo',
  'personalCommunications',
  'locationInfo',
  'browsingActivity',
  'websiteContent',
  'websiteActivity',
  'searchTerms',
  'bookmarksInfo',
] as const;
export type FirefoxDataType = (typeof FIREFOX_DATA_TYPES)[number];

export interface Disclosure {
  /** When the event is recorded and what it holds, in a participant's words. */
  what: string;
  /** What it tells, as the Chrome Web Store's data types (Firefox's are the same, named by FIREFOX_TYPE_OF). */
  chrome: readonly ChromeDataType[];
}

/** Each Chrome Web Store data type as Firefox's data collection permissions name it: the two lists say the same. */
export const FIREFOX_TYPE_OF: Record<ChromeDataType, FirefoxDataType> = {
  'Personally identifiable information': 'personallyIdentifyingInfo',
  'Health information': 'healthInfo',
  'Financial and payment information': 'financialAndPaymentInfo',
  'Authentication information': 'authenticationInfo',
  'Personal communications': 'personalCommunications',
  Location: 'locationInfo',
  'Web history': 'browsingActivity',
  'User activity': 'websiteActivity',
  'Website content': 'websiteContent',
};

export const ACTION_DISCLOSURES: Record<Action, Disclosure> = {
  hover: {
    what: 'The pointer rested on a product picture (on a shop page, in search results or on a shared card): which picture (its address, alt text and place on the page), which product, and for how long.',
    chrome: ['User activity', 'Website content'],
  },
  scroll: {
    what: 'How far down a page or the chat the participant scrolled (a percentage), and which scrolling area it was.',
    chrome: ['User activity'],
  },
  click: {
    what: "A click on a link or control: a description of the element (tag, id, role, a short visible label, a short CSS path; never what was typed into it), the link's cleaned address, and the product if known.",
    chrome: ['User activity', 'Website content', 'Web history'],
  },
  product_view: {
    what: "A product page was open: the product's name, price and currency as the page states them, where that was found (structured data, page text), and how long the page was in front.",
    chrome: ['Web history', 'Website content'],
  },
  listing_view: {
    what: 'A category or search-results page of a shop was open: the products whose cards came into view (at most a fixed number), how many the page listed, and for how long.',
    chrome: ['Web history', 'Website content'],
  },
  utter: {
    what: "A chat message sent in the study's chat: its text, the coaching acts the Seller picked for it, how long it took to write, whether a suggested message was used, and with voice input the recognised and the edited transcript (never audio).",
    chrome: ['Personal communications', 'User activity'],
  },
  select_act: {
    what: 'The Seller picked a coaching act from the checklist, and how (mouse, keyboard or suggestion).',
    chrome: ['User activity'],
  },
  search: {
    what: "A search in Floorwalker's own catalog search box: the words, the filters, the sort order, the page, which of the search's readings of the words the Seller removed, and whether its category was the one the chat page names.",
    chrome: ['User activity'],
  },
  results: {
    what: 'The catalog products that search returned, their number, spelling corrections made, what the search read from the words (such as a price limit or a type), the words that matched nothing, the readings the Seller had removed, and how long the search took.',
    chrome: ['User activity'],
  },
  share: {
    what: 'The Seller shared catalog products into the chat: which products, how (link, card or list), the message sent with them, and where from.',
    chrome: ['Personal communications', 'User activity'],
  },
  view_share: {
    what: 'The Buyer opened products the Seller shared: which ones.',
    chrome: ['User activity'],
  },
  guess: {
    what: 'The Seller named the product they think the Buyer wants.',
    chrome: ['User activity'],
  },
  confirm: {
    what: "The Buyer's answer to the Seller's guess: accepted or not, and the reason they gave.",
    chrome: ['Personal communications', 'User activity'],
  },
  instruct: {
    what: "An instruction the study showed to a participant (the study's own text).",
    chrome: [],
  },
  profile_extract: {
    what: "Preferences the coach read from a Buyer's chat message (for example a budget or who the product is for), and how long reading took.",
    chrome: ['Personal communications'],
  },
  profile_update: {
    what: 'The Seller confirmed, edited, removed or added one of those preferences, or named the Buyer in their notes.',
    chrome: ['Personal communications', 'User activity'],
  },
};

/** Every event's envelope: who, when, under which condition, and the page it happened on. */
export const ENVELOPE_DISCLOSURES: Record<string, Disclosure> = {
  id: { what: 'A random identifier of the event, made in the browser.', chrome: [] },
  schema: { what: 'The version of this event format.', chrome: [] },
  time: { what: 'When it happened (to the millisecond).', chrome: [] },
  study: { what: 'The study joined (or "local" outside a study).', chrome: [] },
  participant: {
    what: 'The participant code the study gave (a random pseudonym; the link to a person stays with the researcher).',
    chrome: [],
  },
  conversation: { what: 'Which chat conversation, if any.', chrome: [] },
  role: { what: 'Seller or Buyer.', chrome: [] },
  condition: { what: 'The study condition the participant was assigned.', chrome: [] },
  agent: { what: 'Who acted: Buyer, Seller, the catalog, the system or the page.', chrome: [] },
  url: {
    what: "The page's address, cleaned (see below), on sites the participant allowed.",
    chrome: ['Web history'],
  },
};

const allDisclosures = (): Disclosure[] => [...Object.values(ENVELOPE_DISCLOSURES), ...Object.values(ACTION_DISCLOSURES)];

/** The Chrome Web Store data types to tick, in the store's order. */
export function chromeDataTypes(): ChromeDataType[] {
  const used = new Set(allDisclosures().flatMap((d) => d.chrome));
  return CHROME_DATA_TYPES.filter((t) => used.has(t));
}

/** The Firefox manifest's required data collection permissions, in Firefox's order. */
export function firefoxDataCollection(): FirefoxDataType[] {
  const used = new Set(allDisclosures().flatMap((d) => d.chrome.map((t) => FIREFOX_TYPE_OF[t])));
  return FIREFOX_DATA_TYPES.filter((t) => used.has(t));
}
