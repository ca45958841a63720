import { useLayoutEffect, useRef } from 'preact/hooks';

/**
 * A report figure: the report's own SVG file shown inline, so it scales with the column and its marks stay in the
 * page (tests and screen readers read them). It is parsed as XML (DOMParser, `image/svg+xml`) and the parsed element
 * adopted into the figure, not set through `innerHTML`: the extension has no HTML-string path at all (web-ext lint,
 * UNSAFE_VAR_ASSIGNMENT; Preact's `dangerouslySetInnerHTML` is left out of the build, scripts/build/preact-no-inner-html).
 */
export function SvgFigure({ svg, class: className, testId }: { svg: string; class: string; testId: string }) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const figure = ref.current;
    if (!figure) return;
    const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
    figure.replaceChildren(figure.ownerDocument.importNode(parsed, true));
  }, [svg]);
  return <figure ref={ref} class={className} data-testid={testId} />;
}
