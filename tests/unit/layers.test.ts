import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCycles } from '../../scripts/lint/cycles';

// The layer rules are only worth having if they bite: each case lints a deliberately wrong import with the
// project's own eslint.config.js (as `npm run lint` does) and expects the rule's error, beside a right import
// that must pass, so a rule that is switched off, or one that flags everything, both fail here.

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The rule ids ESLint reports for `code` as if it were the file at `path` (which need not exist). */
async function ruleErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

const LAYERS = 'import-x/no-restricted-paths';
// The background-only rule and lib/'s framework-free rule: both are no-restricted-imports patterns.
const RESTRICTED_IMPORT = '@typescript-eslint/no-restricted-imports';

describe('layers (eslint.config.js)', () => {
  it('lib/ may not import components/, entrypoints/, server/ or hooks/, by alias or relative path', async () => {
    expect(
      await ruleErrors(
        'lib/layer-probe.ts',
        "import { useObservable } from '@/components/useObservable';\nexport const x = useObservable;\n",
      ),
    ).toEqual([LAYERS]);
    expect(
      await ruleErrors(
        'lib/sync/layer-probe.ts',
        "import { useHoverDwell } from '../../hooks/useHoverDwell';\nexport const x = useHoverDwell;\n",
      ),
    ).toEqual([LAYERS]);
    expect(await ruleErrors('lib/layer-probe.ts', "import { createApp } from '../server/app';\nexport const x = createApp;\n")).toEqual([
      LAYERS,
    ]);
    expect(await ruleErrors('lib/layer-probe.ts', "import { MIN_HOVER_MS } from './limits';\nexport const x = MIN_HOVER_MS;\n")).toEqual(
      [],
    );
  });

  it('lib/ is framework-free: no Preact, not even its types', async () => {
    expect(await ruleErrors('lib/layer-probe.ts', "import { h } from 'preact';\nexport const x = h;\n")).toEqual([RESTRICTED_IMPORT]);
    expect(await ruleErrors('lib/sync/layer-probe.ts', "import { useState } from 'preact/hooks';\nexport const x = useState;\n")).toEqual([
      RESTRICTED_IMPORT,
    ]);
    expect(await ruleErrors('lib/layer-probe.ts', "import type { VNode } from 'preact';\nexport type X = VNode;\n")).toEqual([
      RESTRICTED_IMPORT,
    ]);
    expect(await ruleErrors('components/LayerProbe.tsx', "import { useState } from 'preact/hooks';\nexport const x = useState;\n")).toEqual(
      [],
    );
  });

  it('server/ may not import components/; hooks/ shared with the pilot pages may be', async () => {
    expect(
      await ruleErrors(
        'server/pilot/client/layer-probe.tsx',
        "import { useObservable } from '../../../components/useObservable';\nexport const x = useObservable;\n",
      ),
    ).toEqual([LAYERS]);
    expect(
      await ruleErrors(
        'server/pilot/client/layer-probe.tsx',
        "import { useHoverDwell } from '../../../hooks/useHoverDwell';\nexport const x = useHoverDwell;\n",
      ),
    ).toEqual([]);
  });

  it('the service worker bundles no UI, and content scripts not the options page or the popup', async () => {
    expect(
      await ruleErrors('entrypoints/background.ts', "import { Popup } from '@/components/popup/Popup';\nexport const x = Popup;\n"),
    ).toEqual([LAYERS]);
    expect(
      await ruleErrors(
        'components/overlay/LayerProbe.tsx',
        "import { OptionsApp } from '@/components/options/OptionsApp';\nexport const x = OptionsApp;\n",
      ),
    ).toEqual([LAYERS]);
    expect(
      await ruleErrors(
        'entrypoints/content-ui/layer-probe.ts',
        "import { Overlay } from '@/components/overlay/Overlay';\nexport const x = Overlay;\n",
      ),
    ).toEqual([]);
    expect(
      await ruleErrors(
        'entrypoints/content-ui/layer-probe.ts',
        "import { OptionsApp } from '@/components/options/OptionsApp';\nexport const x = OptionsApp;\n",
      ),
    ).toEqual([LAYERS]);
  });

  it('the always-on content script carries no UI: it reaches the UI script through its contract, types aside', async () => {
    const probe = 'entrypoints/page.content/layer-probe.ts';
    const value = (name: string, from: string) => `import { ${name} } from '${from}';\nexport const x = ${name};\n`;
    expect(await ruleErrors(probe, value('Overlay', '@/components/overlay/Overlay'))).toEqual([RESTRICTED_IMPORT]);
    expect(await ruleErrors(probe, value('render', 'preact'))).toEqual([RESTRICTED_IMPORT]);
    expect(await ruleErrors(probe, value('useState', 'preact/hooks'))).toEqual([RESTRICTED_IMPORT]);
    expect(await ruleErrors(probe, value('createIsolatedElement', '@webext-core/isolated-element'))).toEqual([RESTRICTED_IMPORT]);
    expect(await ruleErrors(probe, value('mountOverlay', '../content-ui/overlay'))).toEqual([RESTRICTED_IMPORT]);
    expect(
      await ruleErrors('entrypoints/page.content/features/layer-probe.ts', value('useObservable', '../../../components/useObservable')),
    ).toEqual([RESTRICTED_IMPORT]);
    // The chat's controllers come with the UI script too (chat pages only); their types are fine.
    expect(await ruleErrors(probe, value('CoachController', '@/lib/coach/controller'))).toEqual([RESTRICTED_IMPORT]);
    expect(await ruleErrors(probe, value('ShareController', '../../lib/share/controller'))).toEqual([RESTRICTED_IMPORT]);
    expect(
      await ruleErrors(probe, "import type { CoachController } from '@/lib/coach/controller';\nexport type X = CoachController;\n"),
    ).toEqual([]);
    // Still the content script: the background's modules stay out too.
    expect(await ruleErrors(probe, value('createRelayService', '@/lib/background/relay-service'))).toEqual([RESTRICTED_IMPORT]);
    // The contract's constants, and the UI's types, cost the bundle nothing.
    expect(await ruleErrors(probe, value('OVERLAY_TAG', '../content-ui/contract'))).toEqual([]);
    expect(
      await ruleErrors(probe, "import type { OverlayDeps } from '@/components/overlay/Overlay';\nexport type X = OverlayDeps;\n"),
    ).toEqual([]);
  });

  it('pages and content scripts may not import Dexie, lib/db, lib/background or the uploader, except for types', async () => {
    const value = (from: string) => `import * as m from '${from}';\nexport const x = m;\n`;
    expect(await ruleErrors('components/options/LayerProbe.tsx', "import Dexie from 'dexie';\nexport const x = Dexie;\n")).toEqual([
      RESTRICTED_IMPORT,
    ]);
    expect(await ruleErrors('entrypoints/options/layer-probe.ts', value('@/lib/db/events'))).toEqual([RESTRICTED_IMPORT]);
    expect(await ruleErrors('entrypoints/popup/layer-probe.ts', value('../../lib/sync/uploader'))).toEqual([RESTRICTED_IMPORT]);
    expect(await ruleErrors('entrypoints/page.content/layer-probe.ts', value('@/lib/background/relay-service'))).toEqual([
      RESTRICTED_IMPORT,
    ]);
    // Erased from the bundle: naming a stored row's type costs the page nothing.
    expect(
      await ruleErrors(
        'components/options/LayerProbe.tsx',
        "import type { EventPage } from '@/lib/db/events';\nexport type X = EventPage;\n",
      ),
    ).toEqual([]);
    expect(await ruleErrors('components/options/LayerProbe.tsx', value('@/lib/sync/endpoint'))).toEqual([]);
    // The background is where storage belongs.
    expect(await ruleErrors('entrypoints/background-probe.ts', value('@/lib/db/events'))).toEqual([]);
  });
});

describe('import cycles (scripts/lint/cycles.ts)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fw-cycles-'));
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { paths: { '@/*': ['./*'] } } }));
    // A type-only circle through the alias: import-x/no-cycle would not see it.
    await writeFile(join(dir, 'a.ts'), "import type { B } from '@/b';\nexport interface A { b: B }\n");
    await writeFile(join(dir, 'b.ts'), "import type { A } from './a';\nexport interface B { a: A }\n");
    await writeFile(join(dir, 'c.ts'), "import type { A } from './a';\nexport type C = A;\n");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('finds a two-file circle, type imports included', async () => {
    expect(await findCycles(dir, ['*.ts'])).toEqual([['a.ts', 'b.ts']]);
  });

  it('finds none in the project', async () => {
    expect(await findCycles(ROOT)).toEqual([]);
  }, 30_000);
});
