import { render, type VNode } from 'preact';
import { createIsolatedElement } from '@webext-core/isolated-element';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';

/**
 * Mounts Preact UI in a shadow root appended to <html> (not <body>), so page rules such as `body > :last-child`
 * and flex or grid layouts on <body> never see it. CSS is inlined (no fetch before paint) and resets the host
 * itself, with position pinned; keys typed inside never reach the page's shortcuts.
 *
 * `@webext-core/isolated-element` is what WXT's `createShadowRootUi` builds on. Used directly, the UI script does
 * not carry WXT's anchoring and auto-mount code (with its element-waiting and map libraries, about 2.5 KB
 * gzipped), none of which a UI appended once to <html> needs.
 */
export async function mountShadowUi(
  ctx: ContentScriptContext,
  name: string,
  css: string,
  ui: VNode,
  signal?: AbortSignal,
): Promise<HTMLElement> {
  const { parentElement: host, isolatedElement: container } = await createIsolatedElement({
    name,
    mode: 'open',
    css: { textContent: css },
    isolateEvents: ['keydown', 'keyup', 'keypress', 'input'],
  });
  document.documentElement.append(host);
  render(ui, container);
  // Unmounting renders nothing into the container, so the UI's effects clean up what they changed on the page.
  const remove = () => {
    render(null, container);
    host.remove();
  };
  ctx.onInvalidated(remove);
  signal?.addEventListener('abort', remove, { once: true });
  return host;
}
