import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { describe, expect, it } from 'vitest';
import { useTestDbs } from './helpers/db';
import { joinStudy, leaveStudy } from '../../lib/sync/join';
import { loadSettings, setAllowedHosts, setConsent, updateSettings } from '../../lib/db/settings';
import { createContentApi } from '../../lib/background/content-api';
import type { SearchService } from '../../lib/background/search-service';
import { studyServer } from './helpers/study-join';
import { LOGGING_STATE_TEXT, loggingState } from '../../lib/logging-switch';
import { clickEvent } from './helpers/events';
import { LOCAL_STUDY } from '../../lib/settings';
import { MAX_CONVERSATION_ID_CHARS } from '../../lib/limits';
import { CHAT_TABS_KEY, createRelayService, type ChatTab } from '../../lib/background/relay-service';
import { isStorableText } from '../../lib/text/unicode';

const { open } = useTestDbs('fw-membership');

describe('leaving and joining a study again', () => {
  it('keeps consent and everything else that is the participant’s; only the study’s fields go back', async () => {
    const db = open();
    const agreed = await setConsent(db, { agree: true, role: 'buyer' });
    await setAllowedHosts(db, ['shop.test']);
    await updateSettings(db, { overlay: { collapsed: true, side: 'left' } });
    const joined = await joinStudy(db, 'localhost:1', 'ABCD-1234', studyServer);
    expect(joined).toMatchObject({
      study: 'st-1',
      participant: 'p-7',
      role: 'seller',
      keepUrlQuery: true,
      consentedAt: agreed.consentedAt,
    });
    // Paused for a reason while in the study: the participant's state, not the study's.
    await updateSettings(db, { loggingEnabled: false, pauseReason: 'out of space' });

    const left = await leaveStudy(db);
    expect(left).toMatchObject({
      study: LOCAL_STUDY,
      endpoint: null,
      keepUrlQuery: false,
      condition: 'B.IIc',
      consentedAt: agreed.consentedAt,
      consentRole: 'buyer',
      role: 'buyer', // back to the role chosen at consent, not the study's
      loggingEnabled: false,
      pauseReason: 'out of space',
      allowedHosts: ['shop.test'],
      overlay: { default: { collapsed: true, side: 'left' }, sites: {} }, // the one place patched in, as every site's default
    });
    expect(left.participant).toMatch(/^local-/);
    expect(await loadSettings(db)).toEqual(left);

    await updateSettings(db, { loggingEnabled: true });
    const again = await joinStudy(db, 'localhost:1', 'ABCD-1234', studyServer);
    expect(loggingState(again)).toBe('on');
    expect(again).toMatchObject({ consentedAt: agreed.consentedAt, study: 'st-1', participant: 'p-7' });
  });

  it('events are still stored after consent → join → leave → join again', async () => {
    const db = open();
    const content = createContentApi(db, {} as SearchService);
    await setConsent(db, { agree: true, role: 'seller' });
    await joinStudy(db, 'localhost:1', 'ABCD-1234', studyServer);
    await leaveStudy(db);
    const context = await content.getPageContext('http://localhost:1/product.html', null);
    expect(context).toMatchObject({ logging: true, consented: true, study: LOCAL_STUDY });
    await joinStudy(db, 'localhost:1', 'ABCD-1234', studyServer);
    const e = clickEvent(Date.now(), { study: 'st-1', participant: 'p-7', url: 'http://localhost:1/product.html' });
    expect(await content.logEvents([e])).toEqual({ stored: [e.id], rejected: [] });
  });
});

describe('one answer to "is Floorwalker logging?"', () => {
  it('no consent wins over everything; otherwise on or paused', () => {
    expect(loggingState({ consentedAt: null, loggingEnabled: true })).toBe('no-consent');
    expect(loggingState({ consentedAt: 1, loggingEnabled: true })).toBe('on');
    expect(loggingState({ consentedAt: 1, loggingEnabled: false })).toBe('paused');
    expect(LOGGING_STATE_TEXT['no-consent']).toMatch(/^off until you agree/);
  });
});

describe('what a page names, kept by the background', () => {
  it('the conversation a chat page names is cleaned and cut before every event carries it', async () => {
    const db = open();
    await setConsent(db, { agree: true, role: 'seller' });
    const content = createContentApi(db, {} as SearchService);
    // Cleaned, "x\uFFFD" and the c's fill all but one unit of the limit: the emoji would straddle the cut.
    const named = `x\u0000\uD800${'c'.repeat(MAX_CONVERSATION_ID_CHARS - 3)}🎉\u0000`;
    const ctx = await content.getPageContext('http://localhost:1/chat', named);
    expect(ctx.conversation).toBe(`x\uFFFD${'c'.repeat(MAX_CONVERSATION_ID_CHARS - 3)}`);
    // A product page opened next belongs to it, with the same cleaned id.
    expect((await content.getPageContext('http://localhost:1/product.html', null)).conversation).toBe(ctx.conversation);
  });

  it('a chat tab’s conversation and title are cleaned and cut without splitting an emoji', async () => {
    const db = open();
    const relay = createRelayService(db, { sendMessage: async () => undefined });
    await relay.forTab(3).registerChatTab(`conv\u0000${'x'.repeat(300)}`, `${'t'.repeat(199)}🎉 title\uDC00`);
    const [tab] = (await db.settings.get(CHAT_TABS_KEY))?.value as ChatTab[];
    expect(tab?.conversation).toBe(`conv${'x'.repeat(196)}`);
    expect(tab?.label).toBe('t'.repeat(199));
    expect(isStorableText(tab?.label ?? '')).toBe(true);
  });
});
