// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { useAction } from '../../components/options/useAction';
import { ActionStatus } from '../../components/options/ActionStatus';

// A panel's action status, driven through useAction with steps that finish when the test says: the last action's
// message must never stand while the next one runs.

let host: HTMLElement | null = null;
afterEach(() => {
  if (host) render(null, host);
  host?.remove();
  host = null;
});

/** A step that waits until the test ends it. */
function step() {
  let done!: () => void;
  let fail!: (e: Error) => void;
  const promise = new Promise<void>((resolve, reject) => ((done = resolve), (fail = reject)));
  return { promise, done, fail };
}

function mount() {
  let action!: ReturnType<typeof useAction>;
  let refreshed = 0;
  function Probe() {
    action = useAction(() => refreshed++);
    return <ActionStatus message={action.message} testId="status" />;
  }
  host = document.createElement('div');
  document.body.append(host);
  act(() => render(<Probe />, host!));
  const status = () => host?.querySelector('[data-testid="status"]');
  return { action: () => action, status, refreshed: () => refreshed };
}

describe('useAction', () => {
  it('says what a long action is doing from its start and as it goes, then what it did', async () => {
    const probe = mount();
    const first = step();
    let finished: Promise<void> = Promise.resolve();
    await act(() => {
      finished = probe.action().act(async () => (await first.promise, 'Saved.'));
    });
    first.done();
    await act(() => finished);
    expect(probe.status()?.textContent).toBe('Saved.');

    // The next action replaces "Saved." at once, and its progress replaces its pending line.
    const check = step();
    const save = step();
    await act(() => {
      finished = probe.action().act(async (progress) => {
        await check.promise;
        progress('Saving…');
        await save.promise;
        return 'Saved again.';
      }, 'Checking…');
    });
    expect(probe.status()?.textContent).toBe('Checking…');
    expect(probe.status()?.getAttribute('data-kind')).toBe('pending');
    expect(probe.status()?.getAttribute('aria-busy')).toBe('true');
    expect(probe.action().busy).toBe(true);
    await act(async () => {
      check.done();
      await check.promise;
    });
    expect(probe.status()?.textContent).toBe('Saving…');
    expect(probe.status()?.getAttribute('data-kind')).toBe('pending');
    save.done();
    await act(() => finished);
    expect(probe.status()?.textContent).toBe('Saved again.');
    expect(probe.status()?.getAttribute('data-kind')).toBe('ok');
    expect(probe.action().busy).toBe(false);
    expect(probe.refreshed()).toBe(2);
  });

  it('ends a failed action with its error as an alert, never with its pending line', async () => {
    const probe = mount();
    const check = step();
    let finished: Promise<void> = Promise.resolve();
    await act(() => {
      finished = probe.action().act(async () => (await check.promise, 'Saved.'), 'Checking…');
    });
    check.fail(new Error('Save refused: the page did not answer within 15 s'));
    await act(() => finished);
    expect(probe.status()?.textContent).toBe('Save refused: the page did not answer within 15 s');
    expect(probe.status()?.getAttribute('role')).toBe('alert');
    expect(probe.status()?.getAttribute('data-kind')).toBe('error');
    expect(probe.action().busy).toBe(false);
  });
});
