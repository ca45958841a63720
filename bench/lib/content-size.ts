import { gzipSync } from 'node:zlib';

/**
 * The always-on content script (entrypoints/page.content), as built: it runs in every frame of every allowed page, so
 * its size has a target, gzip -9. Its UI is a script of its own, injected only into the frames that show it.
 */
export const CONTENT_SCRIPT_FILE = 'content-scripts/page.js';
export const CONTENT_UI_SCRIPT_FILE = 'content-ui.js';
export const CONTENT_SCRIPT_TARGET_KB = 30;

/** Size in KB (1,024 bytes) once gzipped at level 9, as the target counts it. */
export function gzippedKb(contents: Uint8Array): number {
  return gzipSync(contents, { level: 9 }).length / 1024;
}
