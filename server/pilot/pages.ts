import type { Product } from '../../lib/catalog/catalog-schema';
import { NO_CONVERSATION_ATTR, RECORDS_ATTR } from '../../lib/pilot/bridge';
import { BUYER_CODES_ATTR } from '../../lib/pilot/protocol';
import { readableAttributes } from '../../lib/catalog/attribute-labels';

/**
 * The pilot pages' HTML. The Seller page's chat parts are in the HTML itself (not added by script) with the
 * attributes the extension's pilot adapter looks for, so the overlay finds them when its content script runs.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function pilotPage(
  kind: 'start' | 'seller' | 'buyer' | 'missing',
  code: string | null,
  conversation?: string,
  opts: { buyerCodes?: boolean } = {},
): string {
  const head = (title: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><link rel="stylesheet" href="/pilot/assets/pilot.css"></head>`;
  if (kind === 'missing')
    return `${head('Room not found')}<body ${NO_CONVERSATION_ATTR}><main class="narrow"><h1>Room not found</h1><p>Check the link, or ask the Seller for a new one.</p><p><a href="/pilot">Open a room</a></p></main></body></html>`;
  if (kind === 'start') {
    return `${head('Floorwalker pilot chat')}<body ${NO_CONVERSATION_ATTR}><main class="narrow">
<h1>Floorwalker pilot chat</h1>
<p>Sellers open a room with the participant code their researcher gave them, then send the Buyer link to their Buyer.</p>
<form id="open-room"><label>Seller code <input name="code" placeholder="ABCD-1234" autocomplete="off" required pattern="[0-9A-Za-z]{4}-[0-9A-Za-z]{4}"></label>
<button type="submit">Open a room</button></form><p id="start-error" class="error" role="alert"></p>
<script type="module" src="/pilot/assets/start.js"></script></main></body></html>`;
  }
  if (kind === 'seller') {
    return `${head(`Seller · room ${code ?? ''}`)}<body class="seller" data-room="${esc(code ?? '')}">
<header class="bar" data-fw-conversation="${esc(conversation ?? '')}"><strong>Pilot chat — you are the Seller</strong> · room <code>${esc(code ?? '')}</code>
<span id="presence" class="presence">Buyer offline</span><span id="status" class="status"></span></header>
<main class="seller-main">
<section id="invite" class="panel invite" aria-labelledby="invite-h" hidden><h2 id="invite-h">Send your Buyer this link</h2>
<div class="invite-row"><div class="invite-text"><div class="row"><input id="buyer-link" class="link" readonly aria-label="Buyer link">
<button type="button" id="copy-link">Copy</button></div><p id="copy-status" class="muted" role="status" aria-live="polite"></p>
<p class="muted">They open it in any browser (no extension needed), or scan the code with a phone.</p></div>
<div id="buyer-qr" class="qr" role="img" aria-label="QR code of the Buyer link"></div></div></section>
<section id="phase" class="panel" aria-live="polite"></section>
<section class="chat"><div class="messages" id="messages" data-fw-chat="messages" role="log" aria-live="polite"></div>
<p id="typing" class="typing" aria-live="polite"></p>
<form id="composer" class="composer"><textarea id="input" data-fw-chat="input" rows="2" placeholder="Write to the Buyer… (Enter sends)" aria-label="Message"></textarea>
<button id="send" type="submit" data-fw-chat="send">Send</button></form><p id="error" class="error" role="alert"></p></section>
<section id="guess" class="panel"></section>
</main><div id="records" ${RECORDS_ATTR} hidden></div><script type="module" src="/pilot/assets/seller.js"></script></body></html>`;
  }
  return `${head(`Buyer · room ${code ?? ''}`)}<body class="buyer" data-room="${esc(code ?? '')}" ${BUYER_CODES_ATTR}="${opts.buyerCodes ? 'yes' : 'no'}"><div id="app"></div><script type="module" src="/pilot/assets/buyer.js"></script></body></html>`;
}

export const PILOT_CSS = `
:root { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2433; background: #f6f7fb; }
body { margin: 0; }
.narrow { max-width: 520px; margin: 48px auto; padding: 0 16px; }
.bar { display: flex; gap: 12px; align-items: center; padding: 10px 16px; background: #fff; border-bottom: 1px solid #d6dbe6; flex-wrap: wrap; }
.presence { padding: 1px 8px; border-radius: 999px; background: #eee; font-size: 13px; }
.presence.on { background: #d9f5e3; color: #1d7a46; }
.status { font-size: 13px; color: #9a5b00; }
.seller-main { display: grid; grid-template-columns: 1fr; gap: 12px; padding: 12px 16px; max-width: 820px; }
.panel { background: #fff; border: 1px solid #d6dbe6; border-radius: 10px; padding: 10px 14px; }
.panel:empty { display: none; }
.chat { background: #fff; border: 1px solid #d6dbe6; border-radius: 10px; padding: 10px; }
.messages { height: 360px; overflow-y: auto; display: flex; flex-direction: column; gap: 6px; padding: 4px; }
.msg { max-width: 75%; padding: 6px 10px; border-radius: 12px; background: #eef1f7; white-space: pre-wrap; overflow-wrap: anywhere; }
.msg.mine { align-self: flex-end; background: #2457d6; color: #fff; }
.msg.system { align-self: center; background: none; color: #5b6579; font-size: 13px; }
.msg .acts { display: block; font-size: 11px; opacity: .8; }
.msg.pending { opacity: .6; }
.msg.failed { background: #fdecea; color: #8c1d18; outline: 1px solid #b3261e; }
.msg .note { display: block; font-size: 11px; }
.zoomable { cursor: zoom-in; }
.typing { min-height: 1.2em; font-size: 13px; color: #5b6579; margin: 2px 4px; }
.composer { display: flex; gap: 8px; }
.composer textarea { flex: 1; font: inherit; padding: 6px 8px; border: 1px solid #d6dbe6; border-radius: 8px; resize: vertical; }
button { font: inherit; padding: 6px 14px; border-radius: 8px; border: 1px solid #2457d6; background: #2457d6; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #2457d6; }
button:disabled { opacity: .45; cursor: default; }
button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 2px solid #2457d6; outline-offset: 2px; }
.error { color: #b3261e; min-height: 1em; }
.cards { display: flex; gap: 10px; flex-wrap: wrap; }
.card { width: 210px; background: #fff; border: 1px solid #d6dbe6; border-radius: 10px; padding: 8px; display: flex; flex-direction: column; gap: 4px; color: #1d2433; }
.card img { width: 100%; height: 140px; object-fit: cover; border-radius: 6px; background: #eef0f5; }
.card .title { font-weight: 600; font-size: 14px; }
.card .meta { font-size: 13px; color: #5b6579; }
.card .brand, .list .brand { font-size: 12px; color: #5b6579; }
.noimg { width: 100%; height: 140px; border-radius: 6px; background: repeating-linear-gradient(45deg, #eef0f5 0 8px, #e4e7ee 8px 16px); }
.list .noimg { width: 56px; height: 42px; }
.plink { font-size: 13px; color: #2457d6; }
.msg.mine a { color: #fff; }
.card .details { font-size: 12.5px; }
.card dl { display: grid; grid-template-columns: auto 1fr; gap: 0 8px; margin: 4px 0 0; font-size: 12px; }
.card dt { color: #5b6579; } .card dd { margin: 0; }
.list { border: 1px solid #d6dbe6; border-radius: 10px; background: #fff; padding: 6px; color: #1d2433; }
.list table { border-collapse: collapse; width: 100%; font-size: 13px; }
.list td, .list th { padding: 4px 6px; border-bottom: 1px solid #eef0f5; text-align: left; }
.list img { width: 56px; height: 42px; object-fit: cover; border-radius: 4px; }
.list th, .list td:nth-child(3), .list td:nth-child(4), .list td:nth-child(5) { white-space: nowrap; }
.buyer-main { display: grid; grid-template-columns: minmax(260px, 360px) 1fr; gap: 14px; padding: 14px 16px; }
.task h2 { margin: 0 0 6px; font-size: 16px; }
.mission { background: #fff8e1; border: 1px solid #f0d98a; border-radius: 8px; padding: 8px 10px; }
.thumbs { display: flex; gap: 4px; }
.thumbs img { width: 44px; height: 33px; object-fit: cover; border-radius: 4px; }
.modal { position: fixed; inset: 0; z-index: 100; background: rgb(20 30 60 / 45%); display: flex; align-items: center; justify-content: center; }
.modal-box { background: #fff; border-radius: 12px; padding: 14px; max-width: 720px; }
.product-page { display: grid; grid-template-columns: minmax(280px, 380px) 1fr; gap: 20px; padding: 20px; max-width: 980px; }
.product-page .gallery img { border-radius: 10px; background: #fff; border: 1px solid #d6dbe6; }
.product-page .thumbs { display: flex; gap: 6px; margin-top: 6px; }
.product-page .price { font-size: 22px; font-weight: 600; }
.product-page .attrs { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; font-size: 14px; }
.product-page .attrs dt { color: #5b6579; } .product-page .attrs dd { margin: 0; }
.muted { color: #5b6579; }
.modal-box .big { display: flex; gap: 8px; flex-wrap: wrap; }
.modal-box .big img { width: 320px; height: 240px; object-fit: cover; border-radius: 8px; }
.guessbox { border: 2px solid #2457d6; border-radius: 10px; padding: 10px; background: #eef3ff; }
.row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.categories { display: flex; gap: 8px; flex-wrap: wrap; }
.invite h2 { margin: 0 0 6px; font-size: 16px; }
.invite-row { display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
.invite-text { flex: 1; min-width: 260px; }
.invite .link { flex: 1; min-width: 220px; font: 14px ui-monospace, monospace; padding: 6px 8px; border: 1px solid #d6dbe6; border-radius: 8px; background: #f6f7fb; }
.qr { width: 132px; height: 132px; flex: none; }
.qr svg { width: 100%; height: 100%; display: block; }
.prompt { max-width: 520px; margin: 48px auto; }
.prompt h1 { font-size: 22px; margin: 0 0 8px; }
.prompt form { display: flex; gap: 8px; flex-wrap: wrap; }
.prompt input { font: inherit; padding: 6px 8px; border: 1px solid #d6dbe6; border-radius: 8px; }
.categories label { border: 1px solid #d6dbe6; border-radius: 999px; padding: 2px 10px; background: #fff; }
@media (max-width: 760px) { .buyer-main { grid-template-columns: 1fr; } }
`;

/**
 * The pilot shop's page for a catalog product: what a URL-only share (condition I) leads to, and a storefront the
 * extension reads like any other (schema.org JSON-LD, a gallery, an add-to-cart button). Every value is escaped;
 * the JSON-LD has `<` escaped so a title cannot close its script element.
 */
export function productPage(p: Product, categoryLabel: string, images: string[]): string {
  const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: p.currency }).format(p.price);
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    sku: p.id,
    name: p.title,
    brand: { '@type': 'Brand', name: p.brand },
    description: p.description,
    image: images,
    aggregateRating: { '@type': 'AggregateRating', ratingValue: p.rating, reviewCount: p.ratingCount },
    offers: { '@type': 'Offer', price: p.price.toFixed(2), priceCurrency: p.currency, availability: 'https://schema.org/InStock' },
  };
  const json = JSON.stringify(ld).replace(/</g, '\\u003c');
  const attrs = readableAttributes(p.attributes)
    .map((a) => `<dt>${esc(a.label)}</dt><dd>${esc(a.value)}</dd>`)
    .join('');
  const [main, ...rest] = images;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(p.title)} · Pilot shop</title><link rel="stylesheet" href="/pilot/assets/pilot.css">
<script type="application/ld+json">${json}</script></head>
<body class="shop"><header class="bar"><strong>Pilot shop</strong> · <span class="muted">${esc(categoryLabel)}</span></header>
<main class="product-page" data-product-id="${esc(p.id)}">
<div class="gallery">${main ? `<img class="gallery-main" src="${esc(main)}" alt="${esc(p.title)}" width="360" height="270">` : ''}
<div class="thumbs">${rest.map((src, i) => `<img class="gallery-thumb" src="${esc(src)}" alt="${esc(`${p.title}, view ${i + 2}`)}" width="96" height="72">`).join('')}</div></div>
<section class="buybox"><h1>${esc(p.title)}</h1><p class="brand">${esc(p.brand)}</p>
<p class="price">${esc(price)}</p><p class="muted">★ ${p.rating.toFixed(1)} (${p.ratingCount.toLocaleString('en-US')} ratings)</p>
<button type="button" id="add-to-cart">Add to cart</button>
<p>${esc(p.description)}</p><dl class="attrs">${attrs}</dl></section></main></body></html>`;
}
