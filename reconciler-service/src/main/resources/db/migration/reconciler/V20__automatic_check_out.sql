-- Issue #36: the automatic check-out (an area's exitAllAt) runs once across replicas. ShedLock's
-- table (its JDBC provider, with the database's clock): the replica holding the lock's row runs
-- the job, the others skip it. The exits themselves are exactly once by their key, not by the
-- lock: `exit-all:{eventId}:{areaId}:{localDate}:{attendeeId}` is the movements' primary key.
CREATE TABLE shedlock (
	name varchar(64) PRIMARY KEY,
	lock_until timestamptz NOT NULL,
	locked_at timestamptz NOT NULL,
	locked_by varchar(255) NOT NULL
);
