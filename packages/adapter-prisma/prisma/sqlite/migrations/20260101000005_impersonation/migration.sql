-- AlterTable
ALTER TABLE "Session" ADD COLUMN "impersonatedBy" TEXT;
