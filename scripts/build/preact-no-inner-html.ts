import type { Plugin } from 'vite';

/**
 * Preact's diff sets `dom.innerHTML = props.dangerouslySetInnerHTML.__html`, the one HTML-string sink in every page and
 * content script that renders with Preact (web-ext lint: UNSAFE_VAR_ASSIGNMENT, in content-ui.js, page.js and the
 * options/popup chunk). The extension never uses `dangerouslySetInnerHTML` (ESLint forbids it; report figures are
 * adopted from DOMParser, components/options/SvgFigure), so this plugin replaces that assignment in Preact's build with
 * a throw: the dead path is gone, and a future use fails loudly in the tests instead of quietly reopening the sink.
 * The build fails if Preact's code no longer has exactly one such assignment (a new version to look at again).
 */
const PREACT_BUILD = /[\\/]preact[\\/]dist[\\/]preact\.mjs$/;
const ASSIGNMENT = /([\w$]+)\.innerHTML=([\w$]+)\.__html/g;
const REFUSAL = '(()=>{throw Error("dangerouslySetInnerHTML is left out of this build")})()';

export function preactNoInnerHtml(): Plugin {
  return {
    name: 'floorwalker:preact-no-inner-html',
    transform(code, id) {
      if (!PREACT_BUILD.test(id)) return null;
      const found = code.match(ASSIGNMENT)?.length ?? 0;
      if (found !== 1) throw new Error(`preact-no-inner-html: expected one innerHTML assignment in ${id}, found ${found}`);
      return { code: code.replace(ASSIGNMENT, REFUSAL), map: null };
    },
  };
}
