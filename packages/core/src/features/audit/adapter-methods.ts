/** The adapter methods the audit trail needs when it stores events: checked at start (index.ts), called through store.ts. */
export const auditMethods = ["appendAuditEvent", "listAuditEvents"] as const;
