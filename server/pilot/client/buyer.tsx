import { render, type ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ChatConnection } from './connection';
import { insertBySeq } from './order';
import { TypingSignal } from './typing';
import { BUYER_CODES_ATTR, type ChatItem, type ProductView, type RoomView } from '../../../lib/pilot/protocol';
import { safeImageUrl, safeLinkUrl } from '../../../lib/storefront/values';
import { readableAttributes } from '../../../lib/catalog/attribute-labels';
import { useHoverDwell } from '../../../hooks/useHoverDwell';
import { JoinPrompt, type Gate } from './join-prompt';

// The Buyer's pilot chat page. Buyers need no extension; what they see of their task follows the priming
// condition, and every product shown is data: text nodes, pictures and links checked to be http(s) or data:image.
const code = document.body.dataset.room ?? '';
const keyName = `fw-buyer-key-${code}`;
/** The study issued Buyer codes: a Buyer not seated yet joins with theirs (the link may carry it as ?code=). */
const buyerCodes = document.body.getAttribute(BUYER_CODES_ATTR) === 'yes';
const linkCode = new URLSearchParams(location.search).get('code')?.trim().toUpperCase() || null;

interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
const Recognition =
  (window as unknown as { SpeechRecognition?: new () => SpeechRecognitionLike; webkitSpeechRecognition?: new () => SpeechRecognitionLike })
    .SpeechRecognition ?? (window as unknown as { webkitSpeechRecognition?: new () => SpeechRecognitionLike }).webkitSpeechRecognition;

const money = (p: ProductView) =>
  p.price !== null && p.currency
    ? new Intl.NumberFormat('en-US', { style: 'currency', currency: p.currency }).format(p.price)
    : 'Price not given';

/** A picture that may be missing or broken: a plain box says so instead of a broken-image icon. */
function Picture({ src, alt, onClick }: { src: string | undefined; alt: string; onClick?: (() => void) | undefined }) {
  const [broken, setBroken] = useState(false);
  const safe = safeImageUrl(src);
  if (!safe || broken) return <div class="noimg" role="img" aria-label={`${alt}: no picture`} />;
  return <img src={safe} alt={alt} onClick={onClick} onError={() => setBroken(true)} class={onClick ? 'zoomable' : undefined} />;
}

/** A product page link, for http(s) addresses only (a javascript: address from a page is never a link). */
function ProductLink({ url, label = 'View product page' }: { url: string | null; label?: string }) {
  const safe = safeLinkUrl(url, location.origin);
  return safe ? (
    <a class="plink" href={safe} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  ) : null;
}

function ProductCard({ p, details, onImageClick }: { p: ProductView; details?: boolean; onImageClick?: () => void }) {
  return (
    <div class="card" data-product-id={p.id}>
      <Picture src={p.images[0]} alt={p.title} onClick={onImageClick} />
      <div class="title">{p.title}</div>
      {p.brand && <div class="brand">{p.brand}</div>}
      <div class="meta">
        {money(p)}
        {p.rating !== null && ` · ★ ${p.rating.toFixed(1)}${p.ratingCount !== null ? ` (${p.ratingCount.toLocaleString('en-US')})` : ''}`}
      </div>
      {details && p.description && <div class="details">{p.description}</div>}
      {details && p.attributes && (
        <dl>
          {readableAttributes(p.attributes).map((a) => (
            <>
              <dt>{a.label}</dt>
              <dd>{a.value}</dd>
            </>
          ))}
        </dl>
      )}
      {details && <ProductLink url={p.url} />}
    </div>
  );
}

/** Message text with its http(s) addresses as links (a URL-only share, condition I), everything else as text. */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return (
    <>
      {parts.map((part, i) => {
        if (i % 2 === 0) return part;
        // Closing punctuation after an address belongs to the sentence, not the link.
        const [, core = part, tail = ''] = /^(.*?)([).,;:!?]*)$/.exec(part) ?? [];
        const url = safeLinkUrl(core);
        return url ? (
          <>
            <a href={url} target="_blank" rel="noopener noreferrer">
              {core}
            </a>
            {tail}
          </>
        ) : (
          part
        );
      })}
    </>
  );
}

function HoverCard({ share, p, conn, children }: { share: string; p: ProductView; conn: ChatConnection; children: ComponentChildren }) {
  const hover = useHoverDwell((dwellMs) => conn.send({ type: 'hover', shareId: share, productId: p.id, dwellMs }));
  return (
    <div class="hover-target" data-testid="shared-card" {...hover}>
      {children}
    </div>
  );
}

function Task({ room }: { room: RoomView }) {
  const [popup, setPopup] = useState<ProductView | null>(null);
  const priming = room.priming;
  if (!priming) return null;
  return (
    <section class="panel task" aria-labelledby="task-h" data-priming={priming.condition}>
      <h2 id="task-h">Your task</h2>
      {priming.persona ? (
        <p class="mission" data-testid="persona">
          <strong>You are {priming.persona.name}.</strong> {priming.persona.mission}
        </p>
      ) : (
        <p class="mission">Find one of these products by chatting with the Seller. Describe what you want; do not name the product.</p>
      )}
      <p>Your target products (any one will do):</p>
      <div class="cards">
        {priming.targets.map((p) => (
          <div key={p.id}>
            <ProductCard
              p={p}
              details={priming.condition === 'C'}
              onImageClick={priming.condition === 'D' ? () => setPopup(p) : undefined}
            />
            {priming.condition === 'B' && p.images.length > 1 && (
              <div class="thumbs">
                {p.images.slice(1).map((src) => (
                  <img key={src} src={src} alt="" />
                ))}
              </div>
            )}
          </div>
        ))}
      </div>
      {popup && (
        <div class="modal" role="dialog" aria-modal="true" aria-label={`More images of ${popup.title}`} onClick={() => setPopup(null)}>
          <div class="modal-box" onClick={(e) => e.stopPropagation()}>
            <div class="big">
              {popup.images.map((src) => (
                <img key={src} src={src} alt={popup.title} />
              ))}
            </div>
            <button type="button" onClick={() => setPopup(null)}>
              Close
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

function Shared({ item, conn, sharing }: { item: ChatItem; conn: ChatConnection; sharing: RoomView['sharing'] }) {
  const products = item.products ?? [];
  useEffect(() => conn.viewed(item.id), [item.id]);
  return (
    <div class="msg theirs shared" data-share-id={item.id}>
      {item.text && <p>{item.text}</p>}
      {sharing === 'III' && products.length > 1 ? (
        <div class="list">
          <table>
            <tbody>
              <tr>
                <th />
                <th>Product</th>
                <th>Price</th>
                <th>Rating</th>
                <th />
              </tr>
              {products.map((p) => (
                <ListRow key={p.id} share={item.id} p={p} conn={conn} />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div class="cards">
          {products.map((p) => (
            <HoverCard key={p.id} share={item.id} p={p} conn={conn}>
              <ProductCard p={p} details />
            </HoverCard>
          ))}
        </div>
      )}
    </div>
  );
}

function ListRow({ share, p, conn }: { share: string; p: ProductView; conn: ChatConnection }) {
  const hover = useHoverDwell((dwellMs) => conn.send({ type: 'hover', shareId: share, productId: p.id, dwellMs }));
  return (
    <tr data-product-id={p.id} data-testid="shared-row" {...hover}>
      <td>
        <Picture src={p.images[0]} alt="" />
      </td>
      <td>
        {p.title}
        {p.brand && <div class="brand">{p.brand}</div>}
      </td>
      <td>{money(p)}</td>
      <td>{p.rating !== null ? `★ ${p.rating.toFixed(1)}` : '—'}</td>
      <td>
        <ProductLink url={p.url} label="View" />
      </td>
    </tr>
  );
}

function App() {
  const [room, setRoom] = useState<RoomView | null>(null);
  const [items, setItems] = useState<ChatItem[]>([]);
  const [status, setStatus] = useState('connecting');
  const [sellerOnline, setSellerOnline] = useState(false);
  const [typing, setTyping] = useState(false);
  const [error, setError] = useState('');
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [listening, setListening] = useState(false);
  /** The Buyer's messages not stored yet, shown after the stored ones; `failed` says why one was refused. */
  const [outbox, setOutbox] = useState<{ id: string; text: string; failed?: string }[]>([]);
  const voiceRaw = useRef<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  /** What stands between this window and the seat: a code to enter, another window holding it, a refusal. */
  const [gate, setGate] = useState<Gate | null>(() =>
    buyerCodes && !linkCode && !localStorage.getItem(keyName) ? { kind: 'code-needed', message: '' } : null,
  );
  const participantCode = useRef(linkCode);
  const takeover = useRef(false);

  const conn = useMemo(
    () =>
      new ChatConnection(
        () =>
          `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/v1/rooms/${code}/ws?role=buyer${localStorage.getItem(keyName) ? `&key=${encodeURIComponent(localStorage.getItem(keyName) ?? '')}` : ''}`,
        {
          onStatus: (s, detail) => setStatus(s === 'closed' ? `closed: ${detail ?? ''}` : s),
          onPending: () => undefined,
          hello: () => ({
            ...(participantCode.current ? { participantCode: participantCode.current } : {}),
            ...(takeover.current ? { takeover: true } : {}),
          }),
          onItem: (item) => {
            setOutbox((xs) => xs.filter((x) => x.id !== item.id));
            setItems((xs) => insertBySeq(xs, item));
          },
          onMessage: (m) => {
            if (m.type === 'welcome') {
              if (m.key) localStorage.setItem(keyName, m.key);
              // Seated: this window's reconnections need neither the code nor a takeover again, and the code leaves
              // the address bar (a link copied from here does not hand anyone the Buyer's code).
              takeover.current = false;
              if (linkCode) history.replaceState(null, '', location.pathname);
              setGate(null);
              setRoom(m.room);
            } else if (m.type === 'error' && m.seat) {
              setGate({ kind: m.seat, message: m.message });
              setRoom(null);
            } else if (m.type === 'room') setRoom(m.room);
            else if (m.type === 'presence') {
              setSellerOnline(m.seller);
              if (!m.seller) setTyping(false); // a Seller who left mid-word is not typing
            } else if (m.type === 'typing' && m.role === 'seller') setTyping(m.on);
            else if (m.type === 'error') {
              setError(m.message);
              const id = m.id;
              if (id) setOutbox((xs) => xs.map((x) => (x.id === id ? { ...x, failed: m.message } : x)));
            }
          },
        },
      ),
    [],
  );
  const typingSignal = useMemo(() => new TypingSignal((on) => conn.typing(on)), [conn]);
  useEffect(() => {
    // A Buyer asked for a code connects once they have given it.
    if (!gate) conn.start();
    (window as unknown as { fwPilot: ChatConnection }).fwPilot = conn;
    return () => conn.close();
  }, [conn]);
  const retry = (change: { code?: string; takeover?: boolean }) => {
    if (change.code !== undefined) participantCode.current = change.code;
    takeover.current = change.takeover ?? false;
    setGate(null);
    setError('');
    conn.start();
  };
  useEffect(() => list.current?.scrollTo(0, list.current.scrollHeight), [items.length]);

  const say = () => {
    const t = text.trim();
    if (!t) return;
    setError('');
    const id = conn.send({ type: 'say', text: t, ...(voiceRaw.current !== null ? { voice: { raw: voiceRaw.current, edited: t } } : {}) });
    setOutbox((xs) => [...xs, { id, text: t }]);
    voiceRaw.current = null;
    setText('');
    typingSignal.stop();
  };
  const listen = () => {
    if (!Recognition) return;
    const rec = new Recognition();
    rec.lang = 'en-US';
    rec.interimResults = false;
    rec.onresult = (e) => {
      const transcript = Array.from(e.results, (r) => r[0]?.transcript ?? '')
        .join(' ')
        .trim();
      voiceRaw.current = transcript; // kept with what the Buyer finally sends; audio is never kept
      setText(transcript);
    };
    rec.onend = () => setListening(false);
    setListening(true);
    rec.start();
  };

  if (gate) return <JoinPrompt gate={gate} code={participantCode.current ?? ''} codes={buyerCodes} retry={retry} />;
  if (!room) return <main class="narrow">{status === 'connecting' ? 'Connecting…' : error || status}</main>;
  const endAllowed = room.turns >= room.minTurns;
  const awaiting = room.guess && !room.outcome;
  return (
    <>
      <header class="bar">
        <strong>Pilot chat — you are the Buyer</strong> · room <code>{room.code}</code>
        <span class={`presence${sellerOnline ? ' on' : ''}`} data-testid="seller-presence">
          {sellerOnline ? 'Seller online' : 'Seller offline'}
        </span>
        {status !== 'online' && <span class="status">{status}…</span>}
      </header>
      <main class="buyer-main">
        <div>
          {room.phase === 'offer' && <p class="panel">Waiting for the Seller to say which categories they can help with…</p>}
          {room.phase === 'pick' && (
            <section class="panel" aria-labelledby="pick-h">
              <h2 id="pick-h">Choose what you are shopping for</h2>
              <div class="row">
                {room.offered.map((c) => (
                  <button key={c.id} type="button" data-testid={`pick-${c.id}`} onClick={() => conn.send({ type: 'pick', category: c.id })}>
                    {c.label}
                  </button>
                ))}
              </div>
            </section>
          )}
          <Task room={room} />
        </div>
        <section class="chat" aria-label="Chat">
          <div class="messages" ref={list} role="log" aria-live="polite" data-testid="buyer-messages">
            {items.map((item) =>
              item.kind === 'share' ? (
                <Shared key={item.id} item={item} conn={conn} sharing={room.sharing} />
              ) : item.kind === 'guess' ? (
                <div key={item.id} class="msg theirs guessbox" data-testid="guess">
                  <p>The Seller guesses you want:</p>
                  {item.products?.[0] && <ProductCard p={item.products[0]} details />}
                </div>
              ) : (
                <div
                  key={item.id}
                  class={`msg ${item.kind !== 'say' ? 'system' : item.sender === 'buyer' ? 'mine' : 'theirs'}`}
                  data-sender={item.sender}
                >
                  {item.kind === 'confirm' ? (
                    item.accepted ? (
                      'You confirmed the guess.'
                    ) : (
                      `You rejected the guess${item.reason ? `: ${item.reason}` : '.'}`
                    )
                  ) : (
                    <Linked text={item.text ?? ''} />
                  )}
                </div>
              ),
            )}
            {outbox.map((x) => (
              <div
                key={x.id}
                class={`msg mine ${x.failed ? 'failed' : 'pending'}`}
                data-id={x.id}
                data-testid={x.failed ? 'failed-message' : 'pending-message'}
              >
                {x.text}
                {x.failed && <span class="note">Not sent: {x.failed}</span>}
              </div>
            ))}
          </div>
          <p class="typing">{typing ? 'The Seller is typing…' : ''}</p>
          {awaiting && (
            <div class="panel row" data-testid="guess-answer">
              <strong>Is that your product?</strong>
              <button type="button" data-testid="confirm-guess" onClick={() => conn.send({ type: 'confirm', accepted: true })}>
                Yes, that’s it
              </button>
              <input
                placeholder="What is wrong with it? (optional)"
                value={reason}
                onInput={(e) => setReason(e.currentTarget.value)}
                aria-label="Why not"
              />
              <button
                type="button"
                class="secondary"
                data-testid="reject-guess"
                onClick={() => conn.send({ type: 'confirm', accepted: false, ...(reason.trim() ? { reason: reason.trim() } : {}) })}
              >
                No
              </button>
            </div>
          )}
          {room.outcome && (
            <p class="panel" data-testid="outcome">
              {room.outcome.accepted ? 'You confirmed the Seller’s guess.' : 'You rejected the Seller’s guess.'}
            </p>
          )}
          <form
            class="composer"
            onSubmit={(e) => {
              e.preventDefault();
              say();
            }}
          >
            <textarea
              rows={2}
              value={text}
              disabled={room.phase !== 'chat'}
              placeholder={room.phase === 'chat' ? 'Write to the Seller… (Enter sends)' : 'The chat starts when you have chosen a category'}
              aria-label="Message to the Seller"
              data-testid="buyer-input"
              onInput={(e) => {
                setText(e.currentTarget.value);
                typingSignal.input();
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
                  e.preventDefault();
                  say();
                }
              }}
            />
            {room.voice && Recognition && (
              <button
                type="button"
                class="secondary"
                onClick={listen}
                disabled={listening || room.phase !== 'chat'}
                aria-label="Speak instead of typing"
              >
                {listening ? 'Listening…' : 'Speak'}
              </button>
            )}
            <button type="submit" data-testid="buyer-send" disabled={room.phase !== 'chat'}>
              Send
            </button>
          </form>
          {room.voice && !Recognition && <p class="muted">Voice input is not available in this browser; type instead.</p>}
          <p class="error" role="alert">
            {error}
          </p>
          <div class="row">
            <button
              type="button"
              class="secondary"
              data-testid="end"
              disabled={room.phase !== 'chat' || !endAllowed}
              onClick={() => conn.send({ type: 'end' })}
            >
              End the conversation
            </button>
            <span class="muted">
              {room.phase === 'ended' ? 'The conversation has ended. Thank you!' : `Turns: ${room.turns} of at least ${room.minTurns}`}
            </span>
          </div>
        </section>
      </main>
    </>
  );
}

render(<App />, document.getElementById('app') as HTMLElement);
