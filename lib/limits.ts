/** Named limits shared by the extension's contexts. Changing one here changes it everywhere. */

/** Hovers shorter than this are the pointer passing over, not a look. */
export const MIN_HOVER_MS = 80;
/** Images smaller than this (either side, CSS px) are icons, not product images. */
export const MIN_HOVER_IMAGE_PX = 40;
/** At most one scroll event per container per this many ms (trailing edge). */
export const SCROLL_THROTTLE_MS = 400;
/** The logger finishes its events when the page is idle, but no later than this after the first of them. */
export const LOG_IDLE_TIMEOUT_MS = 200;
/** Content-script batches: flush after this delay or when this many events are waiting. */
export const EVENT_FLUSH_MS = 250;
export const EVENT_BATCH_MAX = 50;
/** Resend backoff for unacknowledged batches. */
export const EVENT_RETRY_BASE_MS = 250;
export const EVENT_RETRY_MAX_MS = 5_000;
/** One logEvents call accepts at most this many events. */
export const RPC_LOG_BATCH_LIMIT = 500;
/** A call that has not answered after this long fails loudly (and is retried by the client). */
export const RPC_CALL_TIMEOUT_MS = 10_000;
/** Calls that may wait for a catalog index to be (re)built: 100,000 products take seconds on a slow laptop. */
export const RPC_INDEX_TIMEOUT_MS = 180_000;
/** How long the options page waits for a chat tab to answer a preview or a save's dry run (picking has no limit). */
export const CHAT_TAB_ANSWER_TIMEOUT_MS = 15_000;
/** How many times the RPC client retries a call after a lost port or timeout before it gives up. */
export const RPC_MAX_ATTEMPTS = 4;
/** Longest visible label kept from a clicked element. */
export const MAX_LABEL_CHARS = 60;
/**
 * The event schema's limits (lib/events/event-schema.ts) for text the extension reads from pages, in UTF-16 code units:
 * page text is cut to these with `cleanText`, which never splits an emoji, before it goes into an event.
 */
export const ELEMENT_TEXT_LIMITS = { tag: 40, path: 400, id: 120, role: 40, testId: 120 } as const;
export const MAX_IMAGE_ALT_CHARS = 200;
export const MAX_PRODUCT_ID_CHARS = 200;
export const MAX_PRODUCT_NAME_CHARS = 500;
/** A chat message (utter text). */
export const MAX_MESSAGE_CHARS = 10_000;
/** An event's conversation id, which a chat page names. */
export const MAX_CONVERSATION_ID_CHARS = 100;
/** A Buyer's name or handle as the chat page shows it (profile events). */
export const MAX_BUYER_NAME_CHARS = 100;
/** A catalog category a chat page names (profile events). */
export const MAX_CATEGORY_CHARS = 64;
/** Options page: events per page and per export chunk. */
export const EVENTS_PAGE_SIZE = 50;
export const EXPORT_CHUNK_SIZE = 1_000;
/** Choosing an act by keyboard: how long to wait after "3" for an "a" before taking act 3. */
export const COACH_KEY_CHORD_MS = 600;
/** A coaching schema defines at most this many acts (so a message can carry at most this many). */
export const MAX_COACH_ACTS = 60;
/** Suggested replies shown for a chosen act (STAR shows a handful; the issue asks for 3 to 5). */
export const COACH_SUGGESTIONS_MAX = 5;
/** How many of the Seller's past messages with an act are searched for suggestions. */
export const COACH_SUGGESTION_HISTORY = 500;
/** How long a configured chat site's page is watched for its message list to appear. */
export const CHAT_LIST_WAIT_MS = 15_000;
/**
 * While waiting, the page is also checked this often: a list rendered in a shadow root or a frame is not seen by
 * the document's mutation observer. A check is a few deep queries (well under a millisecond on the fixtures).
 */
export const CHAT_LIST_POLL_MS = 250;
/**
 * The chat's parts (input, send control, message list) are looked up again this often, and when a frame loads: a
 * chat in a frame gets a new document when the frame reloads, and its listeners and observer go with the old one.
 */
export const CHAT_PARTS_RECHECK_MS = 1_000;
/**
 * A sent message is confirmed when it appears in the message list as the Seller's within this long; one that does
 * not is not logged as said, and the Seller is told.
 */
export const SEND_CONFIRM_MS = 5_000;
/** A storefront page that changed is searched for its product again at most this often. */
export const STOREFRONT_RECHECK_MS = 400;
/** Product views shorter than this (visible time) are a page passed through, not looked at. */
export const MIN_PRODUCT_VIEW_MS = 300;
/**
 * A product view under way is kept (lib/logger/view-journal) this long after it first counts, and then at twice the
 * last gap, up to VIEW_CHECKPOINT_MAX_MS: a page that dies loses less than the gap, never more than the view had lasted
 * when last kept, while a long view is written a few times a minute, not every few seconds (each write builds the
 * event and hands it to the browser: a millisecond or two of the page's main thread; bench/logger session).
 */
export const VIEW_CHECKPOINT_MS = 5_000;
/** The longest gap between two keeps of a view under way: well under VIEW_STALE_MS, or the view would look abandoned. */
export const VIEW_CHECKPOINT_MAX_MS = 20_000;
/** A listing view names at most this many products (the first to come into view); `listed` still counts them all. */
export const MAX_LISTING_VIEW_IDS = 200;
/** A product card counts as seen once this share of it is inside the viewport. */
export const CARD_IN_VIEW_RATIO = 0.5;
/** A view under way not kept again for this long is from a page that is gone: the background logs it as it was. */
export const VIEW_STALE_MS = 30_000;
/** One share (a card, or a list for comparison) holds at most this many products. */
export const MAX_SHARED_PRODUCTS = 10;
/** Longest address an event keeps (its page, a link, an image); a longer one is cut (lib/privacy/url). */
export const MAX_URL_CHARS = 2_000;
/** Longest picture address kept for a product (a data:image holds the whole picture). */
export const MAX_IMAGE_URL_CHARS = 200_000;
/** Longest value of each text field of a shared product, in UTF-16 code units (the pilot sizes its frames from them). */
export const SHARED_PRODUCT_MAX_CHARS = {
  id: 200,
  title: 500,
  brand: 200,
  description: 2000,
  url: MAX_URL_CHARS,
  image: MAX_IMAGE_URL_CHARS,
} as const;
/** How long the overlay waits for the pilot chat page to confirm a share or guess. */
export const BRIDGE_REPLY_TIMEOUT_MS = 10_000;
