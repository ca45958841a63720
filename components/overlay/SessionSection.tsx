import type { PageContext } from '@/lib/rpc/api';

export interface LoggerStatus {
  sent: number;
  pending: number;
}

/** What this page is logging under, so a Seller can see the study and condition at a glance. */
export function SessionSection({ context, status }: { context: PageContext | null; status: LoggerStatus }) {
  if (!context) return <p class="fw-hint">Connecting to Floorwalker…</p>;
  return (
    <section class="fw-section" aria-labelledby="fw-session-h">
      <h3 id="fw-session-h">Session</h3>
      <dl class="fw-dl">
        <dt>Study</dt>
        <dd data-testid="fw-study">{context.study}</dd>
        <dt>Condition</dt>
        <dd data-testid="fw-condition">{context.condition}</dd>
        <dt>Conversation</dt>
        <dd>{context.conversation ?? '—'}</dd>
        <dt>Logging</dt>
        <dd data-testid="fw-logging" class={context.logging ? 'fw-status-on' : 'fw-status-off'}>
          {context.logging
            ? `on · ${status.sent} saved${status.pending ? `, ${status.pending} waiting` : ''}`
            : context.consented
              ? 'paused'
              : 'off until you agree in Floorwalker’s options'}
        </dd>
      </dl>
      <p class="fw-hint">
        <span class="fw-kbd">Alt+Shift+F</span> shows or hides this panel.
      </p>
    </section>
  );
}
