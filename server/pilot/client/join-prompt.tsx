import { useState } from 'preact/hooks';
import type { SeatRefusal } from '../../../lib/pilot/protocol';
import { PARTICIPANT_CODE_EXAMPLE } from '../../../lib/study/participant-code';

/** Why the Buyer page is not in the room (yet), as the server said it. */
export interface Gate {
  kind: SeatRefusal;
  message: string;
}

/**
 * What the Buyer page shows instead of the room until its window holds the seat: a form for the participant code
 * (the study issued Buyer codes), a takeover prompt (the seat is open in another window, or was just taken by one),
 * or the refusal in words (someone else holds the seat).
 */
export function JoinPrompt({
  gate,
  code,
  codes,
  retry,
}: {
  gate: Gate;
  code: string;
  /** The study issued Buyer codes: the seated Buyer's own code lets them in from here too. */
  codes: boolean;
  retry(change: { code?: string; takeover?: boolean }): void;
}) {
  const [typed, setTyped] = useState(code);
  if (gate.kind === 'code-needed' || gate.kind === 'bad-code' || (gate.kind === 'seat-taken' && codes)) {
    return (
      <main class="prompt panel" data-testid="join-code-prompt">
        <h1>Join the chat</h1>
        <p>Enter the participant code your researcher gave you.</p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.trim()) retry({ code: typed.trim().toUpperCase() });
          }}
        >
          <input
            value={typed}
            onInput={(e) => setTyped(e.currentTarget.value)}
            placeholder={PARTICIPANT_CODE_EXAMPLE}
            aria-label="Participant code"
            autocomplete="off"
            data-testid="buyer-code"
            required
          />
          <button type="submit" data-testid="buyer-join">
            Join
          </button>
        </form>
        {gate.kind !== 'code-needed' && (
          <p class="error" role="alert">
            {gate.message}
          </p>
        )}
      </main>
    );
  }
  if (gate.kind === 'in-use' || gate.kind === 'taken-over') {
    return (
      <main class="prompt panel" data-testid="takeover-prompt">
        <h1>{gate.kind === 'in-use' ? 'This room is open in another window' : 'This room is now open in another window'}</h1>
        <p>
          {gate.kind === 'in-use'
            ? 'Take over here? The other window will be closed; the conversation goes on here.'
            : 'Your seat moved to the other window. You can close this one, or continue here instead.'}
        </p>
        <button type="button" data-testid="takeover" onClick={() => retry({ takeover: true })}>
          {gate.kind === 'in-use' ? 'Take over here' : 'Continue here'}
        </button>
      </main>
    );
  }
  return (
    <main class="prompt panel" data-testid="seat-refused">
      <h1>You cannot join this room</h1>
      <p class="error" role="alert">
        {gate.message}
      </p>
    </main>
  );
}
