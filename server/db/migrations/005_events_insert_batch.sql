-- Which insert statement stored an event: the ingest tells the events it stored from those it already had by this
-- (an id made for each statement, never changed by a resend merged into the row), instead of the row's xmax, which
-- PostgreSQL does not return from a partitioned table. So `events` can be partitioned by study (docs/scaling.md).
-- Rows stored before this have none; they are never new again.
ALTER TABLE events ADD COLUMN insert_batch uuid;
