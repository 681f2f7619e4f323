-- The audit trail is append-only in the database too: every UPDATE and DELETE of "AuditEvent" is
-- refused. To purge old events, drop the trigger "AuditEvent_no_delete", delete, and create it again.
CREATE TRIGGER "AuditEvent_no_update" BEFORE UPDATE ON "AuditEvent" BEGIN SELECT RAISE(ABORT, 'AuditEvent is append-only: UPDATE is refused'); END;

CREATE TRIGGER "AuditEvent_no_delete" BEFORE DELETE ON "AuditEvent" BEGIN SELECT RAISE(ABORT, 'AuditEvent is append-only: DELETE is refused'); END;
