import type { FieldSpec } from './fields';

/** One field of the chat site form: its selector, a Pick button, and what the selector finds on the tab now. */
export function FieldRow({
  spec,
  value,
  onInput,
  onPick,
  pickDisabled,
  found,
}: {
  spec: FieldSpec;
  value: string;
  onInput: (value: string) => void;
  onPick: (() => void) | null;
  pickDisabled: boolean;
  /** The preview's words for this field ("12 messages", "not found"), or null when there is none. */
  found: string | null;
}) {
  const bad =
    found !== null &&
    /not found|not read|finds nothing|finds \d+ elements|is not|cannot|empty step|^0 messages|^0 yours|, 0 theirs/.test(found);
  return (
    <label>
      <span>
        {spec.label}
        {spec.required ? '' : ' (optional)'}
      </span>
      <span class="pick-field">
        <span class="pick-row">
          <input
            value={value}
            placeholder={spec.hint}
            onInput={(e) => onInput(e.currentTarget.value)}
            data-testid={`chat-site-${spec.key}`}
          />
          {onPick && (
            <button
              type="button"
              class="secondary"
              disabled={pickDisabled}
              title={pickDisabled ? 'Choose the tab first' : `Click ${spec.pick} on the chat`}
              onClick={onPick}
              data-testid={`pick-${spec.key}`}
            >
              Pick
            </button>
          )}
        </span>
        {found !== null && (
          <span class={bad ? 'preview bad' : 'preview'} data-testid={`preview-${spec.key}`}>
            {found}
          </span>
        )}
      </span>
    </label>
  );
}
