import { useEffect, useState } from 'preact/hooks';
import type { AdminApi } from '@/lib/rpc/api';
import type { Settings } from '@/lib/settings';
import { LOGGING_STATE_TEXT, loggingState } from '@/lib/logging-switch';

/**
 * First run: what Floorwalker records, what it never records, where it goes, and the participant's agreement
 * (with their role). Nothing is logged before this; consent can be withdrawn at any time.
 */
export function ConsentPanel({ api, onChange, version }: { api: AdminApi; onChange(): void; version: number }) {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [role, setRole] = useState<Settings['role']>('seller');
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Read again whenever the page changes something (joining or leaving a study, say), so it never shows stale consent.
  useEffect(() => {
    api.getSettings().then(
      (s) => (setSettings(s), setError(null)),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, [api, version, attempt]);
  // Before the settings are read there is nothing to agree to yet: say so, and say why if they cannot be read,
  // rather than leave the first screen a participant sees blank.
  if (!settings) {
    return error ? (
      <p role="alert" class="error" data-testid="consent-error">
        Could not read Floorwalker's settings ({error}), so consent cannot be given yet.{' '}
        <button type="button" class="link-button" onClick={() => (setError(null), setAttempt((n) => n + 1))}>
          Try again
        </button>
      </p>
    ) : (
      <p class="muted" data-testid="consent-loading">
        Reading Floorwalker's settings…
      </p>
    );
  }

  const decide = async (consent: Parameters<AdminApi['setConsent']>[0]) => {
    try {
      setSettings(await api.setConsent(consent));
      onChange();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const state = loggingState(settings);
  if (settings.consentedAt !== null) {
    return (
      <p class="muted" data-testid="consent-given" data-logging={state}>
        You agreed to logging on {new Date(settings.consentedAt).toLocaleString()} as a {settings.consentRole ?? settings.role}. Logging:{' '}
        <span data-testid="options-logging">{LOGGING_STATE_TEXT[state]}</span>.{' '}
        <button type="button" class="link-button" onClick={() => void decide({ agree: false })}>
          Withdraw consent
        </button>
      </p>
    );
  }
  return (
    <section aria-labelledby="consent-h" class="consent" data-testid="consent-panel">
      <h2 id="consent-h">Before Floorwalker records anything</h2>
      <div class="columns">
        <div>
          <h3>What is recorded</h3>
          <ul>
            <li>
              On chat and shop pages you allow: where the pointer rests on product images and for how long, how far you scroll, which links
              and buttons you click.
            </li>
            <li>In chats: the messages, the coaching acts you choose, your searches and the products you share.</li>
            <li>The study, your participant code's id and your condition, with each event.</li>
          </ul>
        </div>
        <div>
          <h3>What is never recorded</h3>
          <ul>
            <li>Anything you type outside the chat box, passwords and payment fields.</li>
            <li>Web addresses' query strings and fragments (unless your study asks), e-mail addresses and phone numbers in page text.</li>
            <li>Audio: with voice input only the text is kept.</li>
          </ul>
        </div>
      </div>
      <p>
        Everything stays in this browser unless you join a study: then it is sent to that study's server. You can pause logging, see and
        export everything stored, and delete it, at any time, here.
      </p>
      <div class="form-row">
        <span>I take part as</span>
        <label>
          <input type="radio" name="role" checked={role === 'seller'} onChange={() => setRole('seller')} /> Seller
        </label>
        <label>
          <input type="radio" name="role" checked={role === 'buyer'} onChange={() => setRole('buyer')} /> Buyer
        </label>
        <button type="button" class="primary" data-testid="consent-agree" onClick={() => void decide({ agree: true, role })}>
          I agree, start logging
        </button>
      </div>
      {error && <p class="error">{error}</p>}
    </section>
  );
}
