import { firstValue } from '@/lib/observable';
import { pageProductOf, watchPage } from '@/lib/storefront/watch';
import { defineFeature } from '../define-feature';

/**
 * What a storefront page is about (its product, or a listing), for the page logger, and the Seller's "Share to chat"
 * button while the page shows one product: a listing has none.
 */
export default defineFeature({
  matches: 'product',
  async start({ ctx, context, page, rpc, ui }, signal) {
    watchPage(document, signal, page.set);
    const product = pageProductOf(page, signal);
    const pageContext = await firstValue(context);
    if (pageContext.role !== 'seller' || signal.aborted) return;
    // The button's UI is loaded into the page only once it has a product to share: never on listings and other pages.
    await firstValue(product);
    if (signal.aborted) return;
    const { mountShareButton } = await ui();
    if (!signal.aborted) await mountShareButton(ctx, { product, shareToChat: (p, message) => rpc.shareToChat(p, message) });
  },
});
