-- Sends of a job that its printer dropped, by the label counter's evidence (issue #42): a printer
-- that swallows every format got the same job again for ever while other printers idled. After
-- eventops.print.max-dropped-sends the printer is taken out and the job fails over; the count
-- starts again on the printer it moves to.
ALTER TABLE print_jobs ADD COLUMN dropped_sends int NOT NULL DEFAULT 0;
