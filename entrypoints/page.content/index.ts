import { defineContentScript } from 'wxt/utils/define-content-script';
import { CONTENT_MATCHES } from '@/lib/sites/matches';
import { createContentDeps } from './deps';
import { FEATURES } from './feature-list';
import { pageKindOf } from './page-kind';
import { startPageFeatures } from './run-features';

// Wiring only: the page's dependencies, built once, then each feature in features/ started on the pages it matches.
export default defineContentScript({
  matches: [...CONTENT_MATCHES],
  runAt: 'document_end',
  cssInjectionMode: 'manual',
  // Frames too: shops put product pages in iframes. The chat overlay is for the top page only.
  allFrames: true,
  async main(ctx) {
    const deps = createContentDeps(ctx);
    await startPageFeatures(FEATURES, deps, pageKindOf(ctx.signal), ctx.signal);
  },
});
