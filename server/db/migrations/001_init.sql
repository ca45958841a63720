-- Studies, participants and their ingest tokens, and the events they send (each stored once, by client id).
CREATE TABLE studies (
  id          text PRIMARY KEY,
  config      jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE participants (
  id          text PRIMARY KEY,
  code        text NOT NULL UNIQUE,
  study_id    text NOT NULL REFERENCES studies(id),
  role        text NOT NULL CHECK (role IN ('seller', 'buyer')),
  condition   text NOT NULL,
  token_hash  text UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  joined_at   timestamptz
);
CREATE INDEX participants_study ON participants (study_id);

CREATE TABLE events (
  id            uuid PRIMARY KEY,
  study_id      text NOT NULL,
  participant   text NOT NULL,
  conversation  text,
  time          bigint NOT NULL,
  agent         text NOT NULL,
  action        text NOT NULL,
  event         jsonb NOT NULL,
  received_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_study_order ON events (study_id, id);
CREATE INDEX events_conversation ON events (study_id, conversation, time, id);
