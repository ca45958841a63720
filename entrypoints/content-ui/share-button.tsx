import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { ShareToChat, type ShareToChatProps } from '@/components/storefront/ShareToChat';
import overlayCss from '@/components/overlay/overlay.css?inline';
import searchCss from '@/components/overlay/search/search.css?inline';
import shareCss from '@/components/overlay/share/share.css?inline';
import storefrontCss from '@/components/storefront/storefront.css?inline';
import { mountShadowUi } from './shadow-ui';
import { SHARE_BUTTON_TAG } from './contract';

/** The product page's "Share to chat" button, in its own shadow root like the overlay. */
export async function mountShareButton(ctx: ContentScriptContext, props: ShareToChatProps): Promise<void> {
  await mountShadowUi(ctx, SHARE_BUTTON_TAG, `${overlayCss}\n${searchCss}\n${shareCss}\n${storefrontCss}`, <ShareToChat {...props} />);
}
