-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "refreshError" TEXT,
ADD COLUMN     "refreshLeaseHolder" TEXT,
ADD COLUMN     "refreshLeaseUntil" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "amr" TEXT,
ADD COLUMN     "auth_time" BIGINT,
ADD COLUMN     "id" TEXT,
ADD COLUMN     "ip" TEXT,
ADD COLUMN     "lastSeenAt" TIMESTAMP(3),
ADD COLUMN     "mfa_time" BIGINT,
ADD COLUMN     "userAgent" TEXT;

-- CreateTable
CREATE TABLE "Password" (
    "userId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Password_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "SecondFactor" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "lastUsedStep" BIGINT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "confirmedAt" TIMESTAMP(3),
    "expires" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SecondFactor_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SecondFactor_userId_kind_idx" ON "SecondFactor"("userId", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "Session_id_key" ON "Session"("id");

-- AddForeignKey
ALTER TABLE "Password" ADD CONSTRAINT "Password_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SecondFactor" ADD CONSTRAINT "SecondFactor_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
