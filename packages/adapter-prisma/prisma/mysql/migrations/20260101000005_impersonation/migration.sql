-- AlterTable
ALTER TABLE `Session` ADD COLUMN `impersonatedBy` VARCHAR(191) NULL;
