-- The audit trail is append-only in the database too, as @latch/pg's and @latch/typeorm's are:
-- every UPDATE, DELETE and TRUNCATE of "AuditEvent" is refused. To purge old events, the table's
-- owner disables the triggers for that statement (ALTER TABLE "AuditEvent" DISABLE TRIGGER USER).
CREATE OR REPLACE FUNCTION "latch_audit_event_append_only"() RETURNS trigger LANGUAGE plpgsql AS $fn$ BEGIN RAISE EXCEPTION 'AuditEvent is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege'; END $fn$;

CREATE TRIGGER "AuditEvent_append_only" BEFORE UPDATE OR DELETE ON "AuditEvent" FOR EACH ROW EXECUTE FUNCTION "latch_audit_event_append_only"();

CREATE TRIGGER "AuditEvent_no_truncate" BEFORE TRUNCATE ON "AuditEvent" FOR EACH STATEMENT EXECUTE FUNCTION "latch_audit_event_append_only"();
