/**
 * A large product page for the logger's session, made from the Dawn product fixture (tests/fixtures/pages/stores/
 * dawn-product.html, 289 elements) with the sections a shop's real product page carries around the same product, in
 * Dawn's markup: a mega menu in the header (in the DOM while closed, as Dawn renders it), a specification table and
 * collapsible tabs under the description, a "Recently viewed" row of product cards, a reviews widget (60 reviews,
 * stars as inline SVG) and a footer of link columns. About 2,700 elements, as product pages of large shops hold (the
 * fixture alone has a tenth of that): what a recorder that copies the page has to copy. Nothing on it moves
 * by itself (no carousel, no timer), so rrweb records only what the session's gestures cause. Made the same every run.
 */

const MENU = ['Bags', 'Bottles', 'Clothing', 'Camp', 'Travel', 'Sale'];
const WORDS =
  'canvas waxed roll-top strap buckle pocket sleeve laptop rain trail commute weekend sturdy light seam zip bottle padded back shoulder weather city mountain daily carry'.split(
    ' ',
  );
const CARD_IMAGES = ['fjell-bottle', 'varde-cap', 'saltfjord-shell', 'lysning-lantern'];

/** Words picked by a fixed sequence, so the page is the same every run. */
function text(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 31 + i * 17 + ((seed * i) % 7)) % WORDS.length]!);
  const s = out.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

const link = (href: string, label: string, cls = 'link link--text list-menu__item') =>
  `<li><a href="${href}" class="${cls}">${label}</a></li>`;

function megaMenu(): string {
  const items = MENU.map((top, t) => {
    const columns = Array.from({ length: 4 }, (_, c) => {
      const links = Array.from({ length: 10 }, (_, l) =>
        link(`/collections/${top.toLowerCase()}-${c}-${l}`, `${top} ${text(t * 40 + c * 10 + l, 2)}`),
      ).join('');
      return `<li><a href="/collections/${top.toLowerCase()}-${c}" class="mega-menu__link mega-menu__link--level-2 link">${top} ${c + 1}</a><ul class="list-unstyled" role="list">${links}</ul></li>`;
    }).join('');
    return `<li><header-menu><details id="Details-HeaderMenu-${t + 1}" class="mega-menu"><summary class="header__menu-item list-menu__item link focus-inset"><span>${top}</span><svg aria-hidden="true" focusable="false" class="icon icon-caret" viewBox="0 0 10 6"><path fill-rule="evenodd" clip-rule="evenodd" d="M9.354.646a.5.5 0 00-.708 0L5 4.293 1.354.646a.5.5 0 00-.708.708l4 4a.5.5 0 00.708 0l4-4a.5.5 0 000-.708z" fill="currentColor"></path></svg></summary><div id="MegaMenu-Content-${t + 1}" class="mega-menu__content color-scheme-1 gradient motion-reduce global-settings-popup" tabindex="-1"><ul class="mega-menu__list page-width" role="list">${columns}</ul></div></details></header-menu></li>`;
  }).join('');
  return `<nav class="header__inline-menu"><ul class="list-menu list-menu--inline" role="list">${items}</ul></nav>`;
}

function specsAndTabs(): string {
  const rows = Array.from({ length: 24 }, (_, i) => `<tr><th scope="row">${text(i, 2)}</th><td>${text(i + 100, 4)}</td></tr>`).join('');
  const tabs = ['Materials', 'Shipping &amp; returns', 'Care instructions', 'Dimensions']
    .map(
      (title, t) =>
        `<div class="product__accordion accordion quick-add-hidden"><details id="Details-collapsible-${t}"><summary><div class="summary__title"><svg class="icon icon-accordion" aria-hidden="true" focusable="false" viewBox="0 0 20 20"><path d="M10 2l8 8-8 8-8-8z"></path></svg><h2 class="h4 accordion__title inline-richtext">${title}</h2></div></summary><div class="accordion__content rte" id="ProductAccordion-collapsible-${t}"><p>${text(t * 9, 40)}</p><ul>${Array.from({ length: 6 }, (_, i) => `<li>${text(t * 9 + i, 8)}</li>`).join('')}</ul><p>${text(t * 9 + 50, 30)}</p></div></details></div>`,
    )
    .join('');
  return `<div class="product__description rte"><h3>Specifications</h3><table class="spec-table"><tbody>${rows}</tbody></table></div>${tabs}`;
}

function card(i: number): string {
  const image = CARD_IMAGES[i % CARD_IMAGES.length]!;
  const slug = `recent-${image}-${i}`;
  const src = (w: number) => `/stores/img/shopify/cdn/shop/files/${image}.svg?v=1712003456&width=${w}`;
  return `<li class="grid__item"><div class="card-wrapper product-card-wrapper underline-links-hover"><div class="card card--standard card--media" style="--ratio-percent: 100.0%;"><div class="card__inner color-scheme-2 gradient ratio" style="--ratio-percent: 100.0%;"><div class="card__media"><div class="media media--transparent media--hover-effect"><img srcset="${src(165)} 165w, ${src(360)} 360w, ${src(533)} 533w" src="${src(533)}" sizes="(min-width: 1200px) 267px, calc(50vw - 130px)" alt="${text(i, 3)}" class="motion-reduce" loading="lazy" width="533" height="533"></div></div><div class="card__content"><div class="card__information"><h3 class="card__heading"><a href="/products/${slug}" class="full-unstyled-link">${text(i, 3)}</a></h3></div></div></div><div class="card__content"><div class="card__information"><h3 class="card__heading h5"><a href="/products/${slug}" class="full-unstyled-link">${text(i, 3)}</a></h3><div class="card-information"><div class="price"><div class="price__container"><div class="price__regular"><span class="visually-hidden visually-hidden--inline">Regular price</span><span class="price-item price-item--regular">$${29 + i * 7}.00 USD</span></div></div></div></div></div></div></div></div></li>`;
}

const STAR = `<svg class="jdgm-star" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true"><path d="M12 2l3 7h7l-5.5 4.5 2 7.5-6.5-4.5-6.5 4.5 2-7.5L2 9h7z" fill="currentColor"></path></svg>`;

function reviews(): string {
  const items = Array.from({ length: 60 }, (_, i) => {
    const stars = 5 - (i % 3 === 0 ? 1 : 0) - (i % 11 === 0 ? 2 : 0);
    return `<div class="jdgm-rev jdgm-divider-top" data-review-id="r${1000 + i}"><div class="jdgm-rev__header"><span class="jdgm-rev__rating" aria-label="${stars} star review">${STAR.repeat(stars)}</span><span class="jdgm-rev__timestamp">2024-0${(i % 9) + 1}-${10 + (i % 18)}</span><div class="jdgm-rev__author-wrapper"><span class="jdgm-rev__author">${text(i + 300, 1)}</span><span class="jdgm-rev__buyer-badge">Verified Buyer</span></div></div><div class="jdgm-rev__content"><b class="jdgm-rev__title">${text(i + 400, 4)}</b><div class="jdgm-rev__body"><p>${text(i + 500, 25 + (i % 20))}</p></div></div><div class="jdgm-rev__actions"><span class="jdgm-rev__votes">Was this helpful? <button type="button" class="jdgm-rev__thumb-up">Yes</button> <button type="button" class="jdgm-rev__thumb-down">No</button></span></div></div>`;
  }).join('');
  return `<section class="shopify-section page-width"><div id="judgeme_product_reviews" class="jdgm-widget jdgm-review-widget"><h2 class="jdgm-rev-widg__title">Customer Reviews</h2><div class="jdgm-rev-widg__summary">${STAR.repeat(5)} Based on 60 reviews</div><div class="jdgm-rev-widg__reviews">${items}</div></div></section>`;
}

function footer(): string {
  const columns = ['Shop', 'Help', 'About', 'Stores']
    .map(
      (title, c) =>
        `<div class="footer-block grid__item footer-block--menu"><h2 class="footer-block__heading inline-richtext">${title}</h2><ul class="footer-block__details-content list-unstyled">${Array.from({ length: 8 }, (_, l) => link(`/pages/${title.toLowerCase()}-${l}`, text(c * 8 + l + 700, 2), 'link link--text list-menu__item list-menu__item--link')).join('')}</ul></div>`,
    )
    .join('');
  return `<div class="footer__content-top page-width"><div class="footer__blocks-wrapper grid">${columns}</div><form class="footer__newsletter newsletter-form" method="post" action="/contact#ContactFooter"><div class="field"><input id="NewsletterForm--footer" type="email" name="contact[email]" class="field__input" placeholder="Email"><label class="field__label" for="NewsletterForm--footer">Email</label><button type="submit" class="newsletter-form__button field__button" name="commit" aria-label="Subscribe">Subscribe</button></div></form></div>`;
}

/** The large page, from the Dawn fixture's HTML. Fails if the fixture no longer has the places it is grown at. */
export function largeProductPage(dawnProduct: string): string {
  let page = dawnProduct;
  const replace = (pattern: RegExp, by: (match: string) => string) => {
    if (!pattern.test(page))
      throw new Error(`bench: the Dawn fixture has nothing matching ${pattern}; update bench/lib/large-product-page`);
    page = page.replace(pattern, by);
  };
  replace(/<nav class="header__inline-menu">[\s\S]*?<\/nav>/, megaMenu);
  replace(/<div class="product__description rte quick-add-hidden">[\s\S]*?<\/div>/, (m) => `${m}${specsAndTabs()}`);
  replace(
    /<\/ul><\/product-recommendations><\/section>/,
    (m) =>
      `${m}<section class="shopify-section"><div class="related-products page-width"><h2 class="h2">Recently viewed</h2><ul class="grid product-grid grid--4-col-desktop" role="list">${Array.from({ length: 8 }, (_, i) => card(i)).join('')}</ul></div></section>${reviews()}`,
  );
  replace(/<footer class="footer[^>]*>/, (m) => `${m}${footer()}`);
  return page;
}
