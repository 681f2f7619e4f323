-- AlterTable
ALTER TABLE `Account` ADD COLUMN `refreshError` VARCHAR(191) NULL,
    ADD COLUMN `refreshLeaseHolder` VARCHAR(191) NULL,
    ADD COLUMN `refreshLeaseUntil` DATETIME(3) NULL;

-- AlterTable
ALTER TABLE `Session` ADD COLUMN `amr` VARCHAR(191) NULL,
    ADD COLUMN `auth_time` BIGINT NULL,
    ADD COLUMN `id` VARCHAR(191) NULL,
    ADD COLUMN `ip` VARCHAR(191) NULL,
    ADD COLUMN `lastSeenAt` DATETIME(3) NULL,
    ADD COLUMN `mfa_time` BIGINT NULL,
    ADD COLUMN `userAgent` VARCHAR(191) NULL;

-- CreateTable
CREATE TABLE `Password` (
    `userId` VARCHAR(191) NOT NULL,
    `hash` VARCHAR(191) NOT NULL,
    `updatedAt` DATETIME(3) NOT NULL,

    PRIMARY KEY (`userId`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable
CREATE TABLE `SecondFactor` (
    `id` VARCHAR(191) NOT NULL,
    `userId` VARCHAR(191) NOT NULL,
    `kind` VARCHAR(191) NOT NULL,
    `secret` TEXT NOT NULL,
    `lastUsedStep` BIGINT NULL,
    `attempts` INTEGER NOT NULL DEFAULT 0,
    `confirmedAt` DATETIME(3) NULL,
    `expires` DATETIME(3) NULL,
    `createdAt` DATETIME(3) NOT NULL,

    INDEX `SecondFactor_userId_kind_idx`(`userId`, `kind`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateIndex
CREATE UNIQUE INDEX `Session_id_key` ON `Session`(`id`);

-- AddForeignKey
ALTER TABLE `Password` ADD CONSTRAINT `Password_userId_fkey` FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `SecondFactor` ADD CONSTRAINT `SecondFactor_userId_fkey` FOREIGN KEY (`userId`) REFERENCES `User`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
