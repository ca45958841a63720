-- Event ids are unique per study, not across studies: a participant who learns an event id from another study can
-- no longer store it first and so shadow the real event (which would have been answered "duplicate" and never
-- stored), and an answer no longer tells whether an id exists elsewhere. The new key also serves the export's
-- study-ordered reads, so the separate index goes.
ALTER TABLE events DROP CONSTRAINT events_pkey;
ALTER TABLE events ADD PRIMARY KEY (study_id, id);
DROP INDEX IF EXISTS events_study_order;
