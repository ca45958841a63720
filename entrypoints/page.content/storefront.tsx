import { render } from 'preact';
import { createShadowRootUi } from 'wxt/utils/content-script-ui/shadow-root';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { ShareToChat, type ShareToChatProps } from '@/components/storefront/ShareToChat';
import overlayCss from '@/components/overlay/overlay.css?inline';
import searchCss from '@/components/overlay/search/search.css?inline';
import shareCss from '@/components/overlay/share/share.css?inline';
import storefrontCss from '@/components/storefront/storefront.css?inline';

export const SHARE_BUTTON_TAG = 'floorwalker-share';

/** The product page's "Share to chat" button, in its own shadow root like the overlay. */
export async function mountShareButton(ctx: ContentScriptContext, props: ShareToChatProps): Promise<void> {
  const ui = await createShadowRootUi(ctx, {
    name: SHARE_BUTTON_TAG,
    position: 'inline',
    anchor: () => document.documentElement,
    append: 'last',
    inheritStyles: true,
    css: `${overlayCss}\n${searchCss}\n${shareCss}\n${storefrontCss}`,
    isolateEvents: ['keydown', 'keyup', 'keypress', 'input'],
    onMount(container) {
      render(<ShareToChat {...props} />, container);
      return container;
    },
    onRemove(container) {
      if (container) render(null, container);
    },
  });
  ui.mount();
}
