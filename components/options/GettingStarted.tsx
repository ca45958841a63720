import type { Overview } from './useOverview';
import { addedSites } from './useOverview';
import type { SectionId } from './sections';

interface Step {
  id: string;
  done: boolean;
  label: string;
  /** What to do while the step is not done, and where. */
  todo: string;
  section: SectionId;
}

function stepsOf({ settings, status, sites }: Overview): Step[] {
  return [
    {
      id: 'consent',
      done: settings?.consentedAt != null,
      label: 'Consent given',
      todo: 'Read what is recorded and agree',
      section: 'study',
    },
    {
      id: 'study',
      done: settings?.endpoint != null,
      label: 'Study joined',
      todo: 'Join with your study server and code',
      section: 'study',
    },
    {
      id: 'site',
      done: addedSites(sites).length > 0,
      label: 'A site allowed',
      todo: 'Allow a chat or shop site (the pilot chat on this computer needs none)',
      section: 'sites',
    },
    {
      id: 'event',
      done: (status?.total ?? 0) > 0,
      label: 'First event seen',
      todo: 'Open a chat page with the extension on',
      section: 'data',
    },
  ];
}

/** A short checklist from the real state, each open step with a button to the section that does it; folded once all are done. */
export function GettingStarted({ overview, onGo }: { overview: Overview; onGo(section: SectionId): void }) {
  if (!overview.settings || !overview.status || !overview.sites) return null;
  const steps = stepsOf(overview);
  const done = steps.filter((s) => s.done).length;
  return (
    <details class="getting-started" open={done < steps.length} data-testid="getting-started" data-done={done}>
      <summary>
        <strong>Getting started</strong>{' '}
        <span class="muted">
          · {done} of {steps.length} done
        </span>
      </summary>
      <ol>
        {steps.map((s) => (
          <li key={s.id} class={s.done ? 'done' : 'todo'} data-testid={`step-${s.id}`} data-done={String(s.done)}>
            <span aria-hidden="true" class="tick">
              {s.done ? '✓' : '○'}
            </span>{' '}
            {s.label}
            <span class="visually-hidden">{s.done ? ' (done)' : ' (not yet)'}</span>
            {!s.done && (
              <>
                {' — '}
                <button type="button" class="link-button" onClick={() => onGo(s.section)} data-testid={`go-${s.id}`}>
                  {s.todo}
                </button>
              </>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
