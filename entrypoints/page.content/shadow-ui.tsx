import { render, type VNode } from 'preact';
import { createShadowRootUi } from 'wxt/utils/content-script-ui/shadow-root';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';

/**
 * Mounts Preact UI in a shadow root appended to <html> (not <body>), so page rules such as `body > :last-child`
 * and flex or grid layouts on <body> never see it. CSS is inlined (no fetch before paint) and resets the host
 * itself, with position pinned; keys typed inside never reach the page's shortcuts.
 */
export async function mountShadowUi(
  ctx: ContentScriptContext,
  name: string,
  css: string,
  ui: VNode,
  signal?: AbortSignal,
): Promise<HTMLElement> {
  const mounted = await createShadowRootUi(ctx, {
    name,
    position: 'inline',
    anchor: () => document.documentElement,
    append: 'last',
    inheritStyles: true,
    css,
    isolateEvents: ['keydown', 'keyup', 'keypress', 'input'],
    onMount(container) {
      render(ui, container);
      return container;
    },
    onRemove(container) {
      if (container) render(null, container);
    },
  });
  mounted.mount();
  // Unmounting renders nothing into the container, so the UI's effects clean up what they changed on the page.
  signal?.addEventListener('abort', () => mounted.remove(), { once: true });
  return mounted.shadowHost;
}
