import { contentUiSlot, type ContentUi } from '../content-ui/contract';

/**
 * The content script's UI (entrypoints/content-ui) in this frame. On chat sites the UI script is registered to run with
 * the content script (lib/sites/ui-script.ts), so it is here already and the overlay shows without a round trip to the
 * background, whose worker may be stopped. Elsewhere `inject` has the background run the UI script here on first use,
 * and it hands the UI over through the frame's slot (../content-ui/contract.ts). Loaded once per frame; a load that
 * failed is tried again at the next use.
 */
export function contentUiLoader(inject: () => Promise<void>): () => Promise<ContentUi> {
  let loading: Promise<ContentUi> | null = null;
  return () =>
    (loading ??= receiveUi(inject).catch((e: unknown) => {
      loading = null;
      throw e;
    }));
}

function receiveUi(inject: () => Promise<void>): Promise<ContentUi> {
  const slot = contentUiSlot();
  if (slot.ui) return Promise.resolve(slot.ui);
  return new Promise<ContentUi>((resolve, reject) => {
    slot.waiting.push(resolve);
    const fail = (e: Error) => {
      slot.waiting = slot.waiting.filter((w) => w !== resolve);
      reject(e);
    };
    // The UI is used as soon as a copy of the script hands it over (a registered one may still come first), not when
    // the background's answer comes back, a round trip later; the answer only says whether the injection failed.
    inject().then(
      () => {
        if (!slot.ui) fail(new Error('The UI script ran without handing over the UI'));
      },
      (e: unknown) => fail(e instanceof Error ? e : new Error(String(e))),
    );
  });
}
