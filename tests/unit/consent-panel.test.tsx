// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsentPanel } from '../../components/options/ConsentPanel';
import { defaultSettings, type Settings } from '../../lib/settings';
import type { AdminApi } from '../../lib/rpc/api';

// The first screen a participant sees: while the worker has not answered, and when it cannot, it must say so (and
// offer to try again) instead of staying blank.

let host: HTMLElement | null = null;
afterEach(() => {
  if (host) render(null, host);
  host?.remove();
  host = null;
});

/** An api whose getSettings answers with each of `answers` in turn (an Error rejects). */
function apiAnswering(answers: (Settings | Error)[]) {
  const pending: { resolve: () => void }[] = [];
  let calls = 0;
  const api = {
    getSettings: () =>
      new Promise<Settings>((resolve, reject) => {
        const answer = answers[Math.min(calls++, answers.length - 1)]!;
        pending.push({ resolve: () => (answer instanceof Error ? reject(answer) : resolve(answer)) });
      }),
  } as unknown as AdminApi;
  return { api, answerNext: () => pending.shift()?.resolve(), calls: () => calls };
}

const mount = (api: AdminApi) => {
  host = document.createElement('div');
  document.body.append(host);
  act(() => render(<ConsentPanel api={api} onChange={() => undefined} version={0} />, host!));
  return (id: string) => host?.querySelector(`[data-testid="${id}"]`) ?? null;
};

describe('ConsentPanel', () => {
  it('says it is reading the settings, says why it could not, and reads them again when asked', async () => {
    const fake = apiAnswering([new Error('getSettings timed out after 10000 ms'), defaultSettings('p-1')]);
    const get = mount(fake.api);
    expect(get('consent-loading')?.textContent).toContain('Reading');
    expect(get('consent-panel')).toBeNull();

    await act(async () => fake.answerNext());
    const error = get('consent-error');
    expect(error?.getAttribute('role')).toBe('alert');
    expect(error?.textContent).toContain('getSettings timed out after 10000 ms');

    await act(() => (error?.querySelector('button') as HTMLButtonElement).click());
    expect(fake.calls()).toBe(2);
    expect(get('consent-loading')).not.toBeNull();
    await act(async () => fake.answerNext());
    expect(get('consent-error')).toBeNull();
    expect(get('consent-panel')?.textContent).toContain('I take part as');
  });
});
