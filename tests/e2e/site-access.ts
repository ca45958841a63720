import type { Harness } from './harness';

/**
 * The browser's permission prompt is drawn by the browser, out of reach of any test driver. A participant can also
 * give a site access in the browser's own extension settings (Site access, on specific sites); once they have,
 * Floorwalker's request for that site is answered without a prompt. So tests give access that way, the way
 * chrome://extensions does, and everything after, Floorwalker's own request included, runs as it would for a user.
 */
export async function giveSiteAccessInBrowserSettings(h: Harness, origins: string[]): Promise<void> {
  const page = await h.context.newPage();
  await page.goto('chrome://extensions');
  for (const origin of origins) {
    await page.evaluate(`chrome.developerPrivate.addHostPermission(${JSON.stringify(h.extensionId)}, ${JSON.stringify(origin)})`);
  }
  await page.close();
}

/** The content scripts the extension registered at run time, as the browser reports them. */
export async function registeredScripts(h: Harness): Promise<{ id: string; js?: string[]; matches?: string[]; allFrames?: boolean }[]> {
  const worker = h.context.serviceWorkers()[0] ?? (await h.context.waitForEvent('serviceworker'));
  return (await worker.evaluate('chrome.scripting.getRegisteredContentScripts()')) as { id: string; matches?: string[] }[];
}
