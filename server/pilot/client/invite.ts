import { renderSVG } from 'uqr';

/** How long "Copied" stays before the status clears. */
const COPIED_SHOWN_MS = 4000;

/**
 * The Seller page's invitation: the Buyer link in a read-only field, a Copy button and a QR code of the link (for a
 * Buyer on a phone). Copying uses the clipboard where the page may (https, or localhost); elsewhere, or when the
 * browser refuses, the link is selected and the page says how to copy it by hand. The page shows the panel when
 * the room says a Buyer is to be invited.
 */
export function showInvite(url: string): void {
  const field = document.getElementById('buyer-link') as HTMLInputElement;
  const button = document.getElementById('copy-link') as HTMLButtonElement;
  const status = document.getElementById('copy-status') as HTMLElement;
  const qr = document.getElementById('buyer-qr') as HTMLElement;
  field.value = url;
  // uqr draws rectangles only; parsed as SVG, so nothing in it runs (the page's policy allows no inline script anyway).
  const svg = new DOMParser().parseFromString(renderSVG(url, { border: 1 }), 'image/svg+xml').documentElement;
  qr.replaceChildren(document.importNode(svg, true));
  field.addEventListener('focus', () => field.select());
  let clear: ReturnType<typeof setTimeout> | undefined;
  const say = (text: string, copied: boolean) => {
    status.textContent = text;
    status.dataset.copied = String(copied);
    clearTimeout(clear);
    if (copied) clear = setTimeout(() => (status.textContent = ''), COPIED_SHOWN_MS);
  };
  button.addEventListener('click', async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard here');
      await navigator.clipboard.writeText(url);
      say('Copied', true);
    } catch {
      field.focus();
      field.select();
      // The older way still works on a plain-http address; if even that is refused, the selected text is there to copy.
      const copied = document.execCommand('copy');
      say(copied ? 'Copied' : 'Selected: press Ctrl+C (⌘C on a Mac) to copy it', copied);
    }
  });
}
