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
  // Frames too: shops put product pages in iframes, and chat widgets sit in about:blank and srcdoc frames (which have
  // no URL of their own to match: they run as their parent's origin). The chat overlay is for the top page only; a
  // chat in a readable frame is reached from there with deep selectors (lib/adapters/deep-query.ts).
  allFrames: true,
  matchAboutBlank: true,
  // Chromium MV3 only; Firefox's MV2 manifest has no such key (and matchAboutBlank covers srcdoc frames there).
  matchOriginAsFallback: { chrome: true },
  async main(ctx) {
    const deps = createContentDeps(ctx);
    await startPageFeatures(FEATURES, deps, pageKindOf(ctx.signal), ctx.signal);
  },
});
