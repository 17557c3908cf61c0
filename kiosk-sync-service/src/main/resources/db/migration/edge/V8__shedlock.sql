-- Issue #37: the edge's scheduled jobs that must run on one replica at a time (the cleanup of
-- enrolment codes) take a ShedLock lock, a row here timed by PostgreSQL's clock.
CREATE TABLE shedlock (
	name varchar(64) PRIMARY KEY,
	lock_until timestamptz NOT NULL,
	locked_at timestamptz NOT NULL,
	locked_by varchar(255) NOT NULL
);
