import { afterEach } from 'vitest';
import { screenshotOpenPages } from './harness';

// Every failing end-to-end test leaves a screenshot of each open page, whichever file or helper opened the browser.
// afterEach sees the test's result before files' afterAll hooks close their browsers.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const saved = await screenshotOpenPages(`${task.file.name.replace(/^.*\//, '').replace(/\.e2e\.ts$/, '')}-${task.name}`);
  console.error(`[e2e] "${task.name}" failed; screenshots: ${saved.join(', ') || 'none (no page open)'}`);
});
