-- The relay reads PENDING jobs per pool, oldest first, as room frees up on the printers' queues,
-- and the eventops_print_jobs_pending gauge counts them: during a reconnect herd tens of thousands
-- wait here, so both read this small index instead of the state index across every job.
CREATE INDEX print_jobs_pending_idx ON print_jobs (printer_pool, created_at) WHERE state = 'PENDING';
