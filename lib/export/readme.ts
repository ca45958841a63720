/** The README put in a ZIP export, so the files explain themselves to whoever opens them later. */
export function exportReadme(meta: { exportedAt: string; events: number; study: string; participant: string }): string {
  return `# Floorwalker export

Exported ${meta.exportedAt}: ${meta.events} events of participant ${meta.participant} (study ${meta.study}), from this browser.

## Files
- events.jsonl: every event, one JSON object per line, oldest first.
- events.csv: the same, one row per event; payload fields flattened with dots (payload.image.src); lists as JSON;
  iso_time is time as an ISO 8601 date, empty for a time no date has (past 8.64e15 ms), which stays in time.
- conversations.json: one object per conversation: turns (speaker, text, acts), searches with results, shares (with
  when the Buyer first saw each), hovers, the Seller's guess and the Buyer's answer, when the Buyer ended it,
  condition and duration. One turn = a Buyer message answered by the Seller.
- parlai.jsonl: ParlAI Conversations format, one conversation per line ({dialog: [[{id, text}, ...]], context, metadata}).
- star.json: STAR-style dialogs: events with Agent, Action, Text, UnixTime, ActionLabel and item fields.

## Event fields
id (UUIDv7, made in the browser, sortable by time), schema (1), time (epoch ms), study, participant, conversation,
role (seller/buyer), condition (e.g. B.IIc: priming B, sharing II, coached; +v: voice), agent (Buyer, Seller,
Catalog, System, Page), action (hover, scroll, click, product_view, listing_view, utter, select_act, search,
results, share, view_share, guess, confirm, instruct), url (query string and fragment removed), payload (its shape
depends on the action). Typed text outside the chat is never recorded; e-mail addresses and phone numbers are masked.
`;
}
