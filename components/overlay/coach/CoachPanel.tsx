import type { CoachHandle } from '@/lib/coach/handle';
import { useObservable } from '@/components/useObservable';
import { CONVERSATION_ENDED } from '@/components/overlay/share/ShareActions';

/**
 * The coaching checklist: the acts of the study's schema with their hints, follow-ups locked until their parent
 * is used, counts and limits, the next act or two suggested, and the prompt to choose one when a send is held.
 */
export function CoachPanel({ coach, ended = false }: { coach: CoachHandle; ended?: boolean }) {
  const view = useObservable(coach.view);
  const endedNote = ended && (
    <p class="fw-ended" role="status" data-testid="fw-coach-ended">
      {CONVERSATION_ENDED}: the Buyer closed the chat, so there is nothing more to send.
    </p>
  );
  if (!view.coaching) {
    return (
      <section class="fw-section" aria-labelledby="fw-coach-h">
        <h3 id="fw-coach-h">Conversation</h3>
        {endedNote}
        <p class="fw-hint" data-testid="fw-turns">
          Turn {view.state.turns}. Messages are logged; coaching is off in this condition.
        </p>
      </section>
    );
  }
  return (
    <section class="fw-section fw-coach" aria-labelledby="fw-coach-h" data-testid="fw-coach">
      <h3 id="fw-coach-h">
        Coach{' '}
        <span class="fw-muted" data-testid="fw-turns">
          · turn {view.state.turns}
        </span>
      </h3>
      {endedNote}
      {view.awaiting && (
        <p class="fw-prompt" role="alert" data-testid="fw-choose-act">
          Choose an act for this message: click one or type its number{view.typed ? ` (${view.typed}…)` : ''}.{' '}
          <button type="button" class="fw-link" onClick={() => coach.cancel()}>
            Cancel
          </button>
        </p>
      )}
      {view.error && !view.awaiting && (
        <p class="fw-error" role="status" data-testid="fw-coach-error">
          {view.error}
        </p>
      )}
      {!ended && view.guidance.length > 0 && (
        <div class="fw-guidance" data-testid="fw-guidance">
          <span class="fw-muted">Next:</span>
          {view.guidance.map((g) => (
            <button
              type="button"
              key={g.act.id}
              class="fw-act-chip"
              title={g.act.hint}
              onClick={() => coach.clickAct(g.act.id)}
              data-testid={`fw-next-${g.act.id}`}
            >
              <span>
                <b>{g.act.number}</b> {g.act.label}
              </span>
              <small>{g.why}</small>
            </button>
          ))}
        </div>
      )}
      {!ended && view.suggestions.length > 0 && (
        <div class="fw-suggestions" data-testid="fw-suggestions">
          <span class="fw-muted">Suggested replies (click to put in the message, then edit or send):</span>
          {view.suggestions.map((s) => (
            <button
              type="button"
              key={s.id}
              class="fw-suggestion"
              aria-pressed={view.usedSuggestion === s.id}
              onClick={() => coach.useSuggestion(s.id)}
              title={s.source === 'past' ? 'One of your earlier messages' : 'From the checklist, filled with the Buyer profile'}
              data-testid="fw-suggestion"
              data-source={s.source}
            >
              {s.text}
              <small>{s.source === 'past' ? 'you wrote before' : 'template'}</small>
            </button>
          ))}
        </div>
      )}
      <ol class="fw-acts" data-testid="fw-acts">
        {view.checklist.map((s) => (
          <li key={s.act.id} class={s.act.parent ? 'fw-followup' : ''}>
            <button
              type="button"
              class="fw-act"
              disabled={ended || (!s.available && !view.selected.includes(s.act.id))}
              aria-pressed={view.selected.includes(s.act.id)}
              title={ended ? CONVERSATION_ENDED : (s.reason ?? s.act.hint)}
              onClick={() => coach.clickAct(s.act.id)}
              data-testid={`fw-act-${s.act.id}`}
              data-count={s.count}
            >
              <span class="fw-act-no">{s.act.number}</span>
              <span class="fw-act-label">{s.act.label}</span>
              {s.count > 0 && (
                <span class="fw-act-count" aria-label={`used ${s.count} times`}>
                  ✓{s.count > 1 ? `×${s.count}` : ''}
                </span>
              )}
            </button>
            {!s.available && s.reason && <span class="fw-act-why">{s.reason}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
