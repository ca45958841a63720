-- Rooms on any instance. Each running server instance has a row, renewed by its heartbeat: one whose lease has run
-- out is taken as gone (a crash, a SIGKILL), and what it held is cleaned up or taken over by the instances still up.
CREATE TABLE server_instances (
  id          text PRIMARY KEY,
  started_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);

-- Every chat socket that has joined a room, on whichever instance holds it: presence ("Buyer online") is read from
-- here, and a Buyer window taking over the seat finds the window it replaces here, wherever that one is connected.
CREATE TABLE room_sockets (
  instance_id  text NOT NULL,
  conn_id      text NOT NULL,
  room_id      text NOT NULL REFERENCES rooms(id),
  role         text NOT NULL CHECK (role IN ('seller', 'buyer')),
  window_id    text,
  joined_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (instance_id, conn_id)
);
CREATE INDEX room_sockets_room ON room_sockets (room_id);

-- A simulated Buyer's seat: what rebuilds it (it is deterministic from its seed and the room's stored items) and the
-- instance that runs it now. A seat whose instance is gone is claimed by another; ended_at marks one that is done.
CREATE TABLE simulated_seats (
  room_id      text PRIMARY KEY REFERENCES rooms(id),
  category     text NOT NULL,
  seed         bigint NOT NULL,
  mind_change  double precision NOT NULL,
  accept       text NOT NULL,
  instance_id  text,
  ended_at     timestamptz
);
CREATE INDEX simulated_seats_running ON simulated_seats (instance_id) WHERE ended_at IS NULL;
