import { CONTENT_UI_GLOBAL, type ContentUi, type ContentUiReceiver } from '../content-ui/contract';

/**
 * The content script's UI (entrypoints/content-ui), loaded into this frame on first use: `inject` has the background
 * run the UI script here, which hands the UI over through CONTENT_UI_GLOBAL. Loaded once per frame; a load that
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
  const scope = globalThis as Record<string, unknown>;
  return new Promise<ContentUi>((resolve, reject) => {
    const receive: ContentUiReceiver = (ui) => {
      // Once is enough: a second injection (a retried call) then finds no one waiting and does nothing.
      if (scope[CONTENT_UI_GLOBAL] === receive) delete scope[CONTENT_UI_GLOBAL];
      resolve(ui);
    };
    scope[CONTENT_UI_GLOBAL] = receive;
    // The UI is used as soon as the script hands it over, not when the background's answer comes back (a round
    // trip later); the answer only says whether the injection failed.
    inject().then(
      () => reject(new Error('The UI script ran without handing over the UI')),
      (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))),
    );
  });
}
