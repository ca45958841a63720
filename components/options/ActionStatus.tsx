import type { ActionMessage } from './useAction';

/** What the panel's action said or is doing: an alert for an error, a quiet status line otherwise, nothing before any. */
export function ActionStatus({ message, testId }: { message: ActionMessage | null; testId: string }) {
  if (!message) return null;
  return (
    <p
      role={message.kind === 'error' ? 'alert' : 'status'}
      class={message.kind === 'error' ? 'error' : 'muted'}
      aria-busy={message.kind === 'pending'}
      data-kind={message.kind}
      data-testid={testId}
    >
      {message.text}
    </p>
  );
}
