-- Pilot chat rooms and their messages. Messages are keyed by the sender's client id, so a message resent after
-- a reconnect is stored once; `seq` orders them and tells a reconnecting client what it missed.
CREATE TABLE rooms (
  id                 text PRIMARY KEY,
  code               text NOT NULL UNIQUE,
  study_id           text NOT NULL REFERENCES studies(id),
  seller             text NOT NULL REFERENCES participants(id),
  seller_key_hash    text NOT NULL,
  buyer_key_hash     text,
  condition          text NOT NULL,
  state              jsonb NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  ended_at           timestamptz
);
CREATE INDEX rooms_seller ON rooms (seller, created_at);

CREATE TABLE room_messages (
  seq        bigserial PRIMARY KEY,
  room_id    text NOT NULL REFERENCES rooms(id),
  id         uuid NOT NULL,
  sender     text NOT NULL CHECK (sender IN ('seller', 'buyer', 'system')),
  kind       text NOT NULL,
  body       jsonb NOT NULL,
  time       bigint NOT NULL,
  UNIQUE (room_id, id)
);
CREATE INDEX room_messages_room ON room_messages (room_id, seq);
