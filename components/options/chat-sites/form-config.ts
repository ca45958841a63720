import type { SiteChatConfigInput } from '@/lib/adapters/chat';
import { deepSelectorError } from '@/lib/adapters/deep-query';
import { FIELDS, isSelectorField } from './fields';

/** The configuration the form holds, trimmed, or the first thing wrong with it (a needed field empty, a selector unreadable). */
export function configFromForm(form: SiteChatConfigInput): { config: SiteChatConfigInput } | { error: string } {
  const config: SiteChatConfigInput = {
    host: form.host.trim(),
    messageList: form.messageList,
    message: form.message,
    mine: form.mine,
    input: form.input,
    enterSends: form.enterSends ?? true,
    modEnterSends: form.modEnterSends ?? true,
  };
  for (const f of FIELDS) {
    const value = (form[f.key] ?? '').trim();
    if (!value) {
      if (f.required) return { error: `${f.label} is needed.` };
      continue;
    }
    if (isSelectorField(f.key)) {
      const error = deepSelectorError(value, document);
      if (error) return { error: `${f.label}: “${value}” ${error}.` };
    }
    config[f.key] = value;
  }
  return { config };
}
