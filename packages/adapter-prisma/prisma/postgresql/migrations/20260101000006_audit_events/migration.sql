-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "action" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "actorUserId" TEXT,
    "subjectUserId" TEXT,
    "organizationId" TEXT,
    "network" TEXT,
    "userAgent" TEXT,
    "details" TEXT,

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuditEvent_at_id_idx" ON "AuditEvent"("at", "id");

-- CreateIndex
CREATE INDEX "AuditEvent_actorUserId_at_id_idx" ON "AuditEvent"("actorUserId", "at", "id");

-- CreateIndex
CREATE INDEX "AuditEvent_subjectUserId_at_id_idx" ON "AuditEvent"("subjectUserId", "at", "id");

-- CreateIndex
CREATE INDEX "AuditEvent_organizationId_at_id_idx" ON "AuditEvent"("organizationId", "at", "id");
