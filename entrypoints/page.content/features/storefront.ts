import { firstValue } from '@/lib/observable';
import { watchProduct } from '@/lib/storefront/watch';
import { defineFeature } from '../define-feature';

/** The product on a storefront page, for the page logger, and the Seller's "Share to chat" button while there is one. */
export default defineFeature({
  matches: 'product',
  async start({ ctx, context, product, rpc, ui }, signal) {
    watchProduct(document, signal, product.set);
    const pageContext = await firstValue(context);
    if (pageContext.role !== 'seller' || signal.aborted) return;
    const { mountShareButton } = await ui();
    if (!signal.aborted) await mountShareButton(ctx, { product, shareToChat: (p, message) => rpc.shareToChat(p, message) });
  },
});
