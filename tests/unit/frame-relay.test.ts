import { describe, expect, it } from 'vitest';
import { createFrameRelay, type FrameSender } from '../../lib/background/frame-relay';
import { publishCoach } from '../../lib/coach/coach-publisher';
import type { CoachView } from '../../lib/coach/controller';
import type { CoachHandle } from '../../lib/coach/handle';
import { RemoteCoach } from '../../lib/coach/remote-coach';
import { observable } from '../../lib/observable';
import type { ProfileOp } from '../../lib/profile/memory';
import { FRAME_MESSAGES, isCoachViewDown, isShareViewDown, type CoachViewDown, type FrameMessageMap } from '../../lib/rpc/frame-messages';
import type { ShareHandle, ShareItem, ShareState } from '../../lib/share/handle';
import { RemoteShare } from '../../lib/share/remote-share';
import { publishShare } from '../../lib/share/share-publisher';
import type { SharedProduct } from '../../lib/storefront/product';

/** Enough of a view for the channel, which passes it on as it is. */
const view = (turns: number, awaiting = false) => ({ awaiting, state: { turns } }) as unknown as CoachView;

interface Sent {
  tab: number;
  message: FrameMessageMap['down'];
  frameId: number | undefined;
}

function fakeTabs() {
  const sent: Sent[] = [];
  const relay = createFrameRelay({
    async sendMessage(tab, message, options) {
      // As the browser does, the message arrives as JSON.
      sent.push({ tab, message: JSON.parse(JSON.stringify(message)) as FrameMessageMap['down'], frameId: options?.frameId });
    },
  });
  return { sent, relay };
}

const frame = (tab: number, frameId: number, url = 'http://localhost:5000/widget/index.html'): FrameSender => ({
  tab: { id: tab },
  frameId,
  url,
});

/** A coach in the frame: records the commands it runs. */
function fakeCoach(): CoachHandle & { runs: string[] } {
  const runs: string[] = [];
  return {
    runs,
    view: observable(view(0)),
    clickAct: (act) => void runs.push(`act:${act}`),
    cancel: () => void runs.push('cancel'),
    useSuggestion: (id) => void runs.push(`suggestion:${id}`),
    changeProfile: (op: ProfileOp) => Promise.resolve(void runs.push(`profile:${op.op}`)),
  };
}

describe('the chat-frame relay in the background', () => {
  it('sends a frame’s view to its own tab’s top frame, with the frame and its address the browser named', async () => {
    const { sent, relay } = fakeTabs();
    await relay.relay({ type: FRAME_MESSAGES.coachView, session: 's1', seq: 1, view: view(2) }, frame(7, 3));
    expect(sent).toEqual([
      {
        tab: 7,
        frameId: 0,
        message: {
          type: FRAME_MESSAGES.coachView,
          session: 's1',
          seq: 1,
          view: view(2),
          frameId: 3,
          url: 'http://localhost:5000/widget/index.html',
        },
      },
    ]);
  });

  it('sends a command from a top frame to the named frame of the same tab only', async () => {
    const { sent, relay } = fakeTabs();
    await relay.relay({ type: FRAME_MESSAGES.coachCommand, frameId: 3, command: { op: 'clickAct', act: 'greet' } }, frame(7, 0));
    expect(sent).toEqual([
      { tab: 7, frameId: 3, message: { type: FRAME_MESSAGES.coachCommand, command: { op: 'clickAct', act: 'greet' } } },
    ]);
  });

  it('refuses what a frame may not do, and ignores other messages', () => {
    const { sent, relay } = fakeTabs();
    const command = { type: FRAME_MESSAGES.coachCommand, frameId: 3, command: { op: 'cancel' } };
    // A frame cannot drive another frame's coach, nor the top frame be sent a command.
    expect(relay.relay(command, frame(7, 4))).toBeNull();
    expect(relay.relay({ ...command, frameId: 0 }, frame(7, 0))).toBeNull();
    // A top page's own chat has its overlay there: nothing to relay.
    expect(relay.relay({ type: FRAME_MESSAGES.coachView, session: 's', seq: 1, view: view(0) }, frame(7, 0))).toBeNull();
    // Only a top frame says hello; no tab (an extension page) means no frames to reach.
    expect(relay.relay({ type: FRAME_MESSAGES.hello }, frame(7, 2))).toBeNull();
    expect(relay.relay({ type: FRAME_MESSAGES.hello }, { frameId: 0 })).toBeNull();
    // Malformed commands and foreign messages.
    expect(relay.relay({ ...command, command: { op: 'delete_everything' } }, frame(7, 0))).toBeNull();
    expect(relay.relay({ ...command, command: { op: 'clickAct', act: 3 } }, frame(7, 0))).toBeNull();
    expect(relay.relay({ type: 'fw:share-from-page' }, frame(7, 0))).toBeNull();
    expect(sent).toEqual([]);
  });

  it('passes a hello from the top frame to every frame of its tab', async () => {
    const { sent, relay } = fakeTabs();
    await relay.relay({ type: FRAME_MESSAGES.hello }, frame(9, 0));
    expect(sent).toEqual([{ tab: 9, frameId: undefined, message: { type: FRAME_MESSAGES.hello } }]);
  });
});

describe('the overlay’s stand-in coach and the chat frame’s publisher, end to end through the relay', () => {
  /** The frame's publisher and the top page's stand-in, wired through one relay as the browser would deliver. */
  async function wire() {
    const coach = fakeCoach();
    const signal = new AbortController();
    const toTop: CoachViewDown[] = [];
    let remote: RemoteCoach | null = null;
    let channel: ReturnType<typeof publishCoach> | null = null;
    const deliveries: Promise<unknown>[] = [];
    const relay = createFrameRelay({
      async sendMessage(_tab, message, options) {
        const copy: unknown = JSON.parse(JSON.stringify(message));
        if (options?.frameId === 0 && isCoachViewDown(copy)) {
          toTop.push(copy);
          if (remote) remote.receive(copy);
          else remote = new RemoteCoach(copy, (m) => void deliveries.push(relay.relay(m, frame(1, 0)) ?? Promise.resolve()));
        } else channel?.receive(copy);
      },
    });
    channel = publishCoach(
      coach,
      (m) => void deliveries.push(relay.relay(m, frame(1, 5)) ?? Promise.resolve()),
      'session-a',
      signal.signal,
    );
    const settle = async () => {
      while (deliveries.length) await deliveries.shift();
    };
    await settle();
    return { coach, signal, toTop, remote: () => remote, settle, channel };
  }

  it('shows the frame’s view and runs the overlay’s commands in the frame', async () => {
    const w = await wire();
    const remote = w.remote();
    expect(remote?.frame).toBe(5);
    expect(remote?.view.get()).toEqual(view(0));
    w.coach.view.set(view(1, true));
    await w.settle();
    expect(remote?.view.get()).toEqual(view(1, true));
    remote?.clickAct('greet');
    remote?.cancel();
    remote?.useSuggestion('sg-1');
    await remote?.changeProfile({ op: 'confirm', key: 'budget' } as ProfileOp);
    await w.settle();
    expect(w.coach.runs).toEqual(['act:greet', 'cancel', 'suggestion:sg-1', 'profile:confirm']);
  });

  it('keeps the newest view when they arrive out of order, and follows a reloaded frame’s new session', async () => {
    const w = await wire();
    const remote = w.remote();
    if (!remote) throw new Error('no stand-in');
    const down = (session: string, seq: number, turns: number): CoachViewDown => ({
      type: FRAME_MESSAGES.coachView,
      session,
      seq,
      view: view(turns),
      frameId: 5,
      url: '',
    });
    remote.receive(down('session-a', 5, 5));
    remote.receive(down('session-a', 4, 4)); // late: dropped
    expect(remote.view.get().state.turns).toBe(5);
    remote.receive(down('session-b', 1, 0)); // the frame reloaded: its first view counts
    expect(remote.view.get().state.turns).toBe(0);
  });

  it('publishes again when the overlay says hello, and stops once its signal aborts', async () => {
    const w = await wire();
    const before = w.toTop.length;
    expect(w.channel?.receive({ type: FRAME_MESSAGES.hello })).toBe(true);
    await w.settle();
    expect(w.toTop.length).toBe(before + 1);
    w.signal.abort();
    w.coach.view.set(view(3));
    expect(w.channel?.receive({ type: FRAME_MESSAGES.coachCommand, command: { op: 'cancel' } })).toBe(false);
    await w.settle();
    expect(w.toTop.length).toBe(before + 1);
    expect(w.coach.runs).toEqual([]);
  });
});

describe('the overlay’s stand-in share controller and the chat frame’s, through the relay', () => {
  const item = (id: string): ShareItem => ({ product: { id, title: `Product ${id}`, source: 'catalog' } as SharedProduct, from: 'search' });
  const state = (over: Partial<ShareState> = {}): ShareState => ({
    mode: 'II',
    cards: false,
    guess: null,
    list: [],
    draft: null,
    status: null,
    ...over,
  });

  /** A share controller in the frame: records its commands, fails a share of product "bad". */
  function fakeShare(): ShareHandle & { runs: string[] } {
    const runs: string[] = [];
    const s = observable(state());
    return {
      runs,
      state: s,
      setDraft: (draft) => void runs.push(`draft:${draft?.product.id ?? 'none'}`),
      share: (items, message) => {
        runs.push(`share:${items.map((i) => i.product.id).join()}:${message ?? ''}`);
        if (items.some((i) => i.product.id === 'bad')) return Promise.reject(new Error('The chat’s message box is not on the page.'));
        return Promise.resolve({ done: 'inserted', mode: 'II' });
      },
      addToList: (i) => void runs.push(`add:${i.product.id}`),
      removeFromList: (id) => void runs.push(`remove:${id}`),
      shareList: () => Promise.resolve({ done: 'sent', mode: 'III' }),
      guess: (p) => Promise.resolve(void runs.push(`guess:${p.id}`)).then(() => 'sent' as const),
    };
  }

  async function wire(frameGone = false) {
    const share = fakeShare();
    const signal = new AbortController();
    let remote: RemoteShare | null = null;
    let channel: ReturnType<typeof publishShare> | null = null;
    const relay = createFrameRelay({
      async sendMessage(_tab, message, options) {
        const copy: unknown = JSON.parse(JSON.stringify(message)); // as the browser delivers it
        if (options?.frameId === 0 && isShareViewDown(copy)) {
          if (remote) remote.receive(copy);
          else remote = new RemoteShare(copy, (up) => relay.relay(up, frame(1, 0)) ?? Promise.resolve(undefined));
          return undefined;
        }
        if (frameGone) return undefined; // no listener answered
        const answer = channel?.receive(copy);
        return answer instanceof Promise ? JSON.parse(JSON.stringify(await answer)) : undefined;
      },
    });
    const ups: Promise<unknown>[] = [];
    channel = publishShare(share, (m) => void ups.push(relay.relay(m, frame(1, 5)) ?? Promise.resolve()), 'session-a', signal.signal);
    await Promise.all(ups);
    if (!remote) throw new Error('no stand-in');
    return { share, remote: remote as RemoteShare, settle: () => Promise.all(ups) };
  }

  it('shows the frame’s state and runs each command there, with its result or its error', async () => {
    const w = await wire();
    expect(w.remote.state.get()).toEqual(state());
    w.share.state.set(state({ status: { kind: 'ok', text: 'The product is in your message box: press Send.' } }));
    await w.settle();
    expect(w.remote.state.get().status?.text).toBe('The product is in your message box: press Send.');

    expect(await w.remote.share([item('p1')], 'Look at this')).toEqual({ done: 'inserted', mode: 'II' });
    await expect(w.remote.share([item('bad')])).rejects.toThrow('The chat’s message box is not on the page.');
    expect(await w.remote.guess(item('p2').product)).toBe('sent');
    expect(await w.remote.shareList()).toEqual({ done: 'sent', mode: 'III' });
    w.remote.addToList(item('p3'));
    w.remote.removeFromList('p3');
    w.remote.setDraft(item('p4'));
    await expect.poll(() => w.share.runs.length).toBe(6);
    expect(w.share.runs).toEqual(['share:p1:Look at this', 'share:bad:', 'guess:p2', 'add:p3', 'remove:p3', 'draft:p4']);
  });

  it('says so, in its status and its error, when the frame does not answer', async () => {
    const w = await wire(true);
    await expect(w.remote.share([item('p1')])).rejects.toThrow(/did not answer/);
    expect(w.remote.state.get().status).toMatchObject({ kind: 'error' });
  });

  it('relays share commands only from a top frame to a frame of its own tab, and well-formed ones only', () => {
    const { sent, relay } = fakeTabs();
    const command = { type: FRAME_MESSAGES.shareCommand, frameId: 3, command: { op: 'share', items: [item('p1')] } };
    expect(relay.relay(command, frame(7, 4))).toBeNull();
    expect(relay.relay({ ...command, frameId: 0 }, frame(7, 0))).toBeNull();
    expect(relay.relay({ ...command, command: { op: 'share', items: [{ product: {} }] } }, frame(7, 0))).toBeNull();
    expect(relay.relay({ ...command, command: { op: 'drop_table' } }, frame(7, 0))).toBeNull();
    expect(relay.relay({ type: FRAME_MESSAGES.shareView, session: 's', seq: 1, state: state() }, frame(7, 0))).toBeNull();
    expect(sent).toEqual([]);
  });
});
