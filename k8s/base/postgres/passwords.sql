-- The service roles' passwords, given as psql variables by the job (never stored here).
ALTER ROLE eventops_reconciler PASSWORD :'reconciler';
ALTER ROLE eventops_orchestrator PASSWORD :'orchestrator';
ALTER ROLE eventops_edge PASSWORD :'edge';
ALTER ROLE eventops_ops PASSWORD :'ops';
