-- AlterTable
ALTER TABLE "Account" ADD COLUMN "refreshError" TEXT;
ALTER TABLE "Account" ADD COLUMN "refreshLeaseHolder" TEXT;
ALTER TABLE "Account" ADD COLUMN "refreshLeaseUntil" DATETIME;

-- AlterTable
ALTER TABLE "Session" ADD COLUMN "amr" TEXT;
ALTER TABLE "Session" ADD COLUMN "auth_time" BIGINT;
ALTER TABLE "Session" ADD COLUMN "ip" TEXT;
ALTER TABLE "Session" ADD COLUMN "lastSeenAt" DATETIME;
ALTER TABLE "Session" ADD COLUMN "mfa_time" BIGINT;
ALTER TABLE "Session" ADD COLUMN "userAgent" TEXT;

-- CreateTable
CREATE TABLE "Password" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "hash" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Password_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SecondFactor" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "lastUsedStep" BIGINT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "confirmedAt" DATETIME,
    "expires" DATETIME,
    "createdAt" DATETIME NOT NULL,
    CONSTRAINT "SecondFactor_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "SecondFactor_userId_kind_idx" ON "SecondFactor"("userId", "kind");
