import 'fake-indexeddb/auto'; // before Dexie: it looks for IndexedDB when imported
import { describe, expect, it } from 'vitest';
import { useTestDbs } from './helpers/db';
import { listChatSites, removeChatSite, saveChatSite } from '../../lib/db/chat-sites';
import { chatSiteFromMirror } from '../../lib/sites/chat-site-mirror';

const { open } = useTestDbs('fw-chat-sites');
const config = { host: 'Chat.Example.com', messageList: '#log', message: '.row', mine: '.row.me', input: '#box' };

describe('configured chat sites', () => {
  it('saves one configuration per site (a new one replaces the old), finds it by host, and removes it', async () => {
    const db = open();
    expect(await saveChatSite(db, config)).toMatchObject([{ host: 'chat.example.com', enterSends: true }]);
    await saveChatSite(db, { ...config, input: '#other', enterSends: false, send: '#go' });
    expect(await listChatSites(db)).toHaveLength(1);
    expect(chatSiteFromMirror(await listChatSites(db), 'chat.example.com')).toMatchObject({
      input: '#other',
      enterSends: false,
      send: '#go',
    });
    expect(await removeChatSite(db, 'chat.example.com')).toEqual([]);
    expect(await listChatSites(db)).toEqual([]);
  });

  it('refuses bad input with the field named and keeps what was there', async () => {
    const db = open();
    await saveChatSite(db, config);
    await expect(saveChatSite(db, { ...config, input: '' })).rejects.toThrow(/^Invalid chat site: input: is empty/);
    await expect(saveChatSite(db, { ...config, host: 'not a host!' })).rejects.toThrow(/^Invalid chat site: host: /);
    await expect(saveChatSite(db, { ...config, idAttribute: 'data id' })).rejects.toThrow(/idAttribute/);
    expect(await listChatSites(db)).toMatchObject([{ host: 'chat.example.com', input: '#box' }]);
  });
});

describe('the chat-site mirror content scripts read', () => {
  it('finds a host in what the background mirrored, and treats anything unreadable as no configuration', async () => {
    const db = open();
    const saved = await saveChatSite(db, config);
    expect(chatSiteFromMirror(saved, 'CHAT.example.com')).toMatchObject({ host: 'chat.example.com', input: '#box' });
    expect(chatSiteFromMirror(saved, 'other.example.com')).toBeNull();
    expect(chatSiteFromMirror(undefined, 'chat.example.com')).toBeNull();
    expect(chatSiteFromMirror([{ host: 'chat.example.com' }], 'chat.example.com')).toBeNull();
  });
});
