-- Partitions `events` by study (16 hash partitions), keeping every event: see docs/scaling.md. Run it once, with the
-- server instances stopped (it rewrites the table), as the database's owner:
--   psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -f server/db/partition-events-by-study.sql
-- The key stays (study_id, id), so each event is still stored once; every query of the server runs unchanged.
BEGIN;
ALTER TABLE events RENAME TO events_unpartitioned;
ALTER TABLE events_unpartitioned RENAME CONSTRAINT events_pkey TO events_unpartitioned_pkey;
ALTER INDEX events_conversation RENAME TO events_unpartitioned_conversation;
CREATE TABLE events (LIKE events_unpartitioned INCLUDING DEFAULTS) PARTITION BY HASH (study_id);
ALTER TABLE events ADD PRIMARY KEY (study_id, id);
CREATE INDEX events_conversation ON events (study_id, conversation, time, id);
DO $$
BEGIN
  FOR i IN 0..15 LOOP
    EXECUTE format('CREATE TABLE events_p%s PARTITION OF events FOR VALUES WITH (MODULUS 16, REMAINDER %s)', i, i);
  END LOOP;
END $$;
INSERT INTO events SELECT * FROM events_unpartitioned;
DROP TABLE events_unpartitioned;
COMMIT;
