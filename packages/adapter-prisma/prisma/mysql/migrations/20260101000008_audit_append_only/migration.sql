-- The audit trail is append-only in the database too: every UPDATE and DELETE of `AuditEvent` is
-- refused. To purge old events, drop the trigger `AuditEvent_no_delete`, delete, and create it again.
CREATE TRIGGER `AuditEvent_no_update` BEFORE UPDATE ON `AuditEvent` FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'AuditEvent is append-only: UPDATE is refused';

CREATE TRIGGER `AuditEvent_no_delete` BEFORE DELETE ON `AuditEvent` FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'AuditEvent is append-only: DELETE is refused';
