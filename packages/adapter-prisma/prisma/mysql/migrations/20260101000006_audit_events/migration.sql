-- CreateTable
CREATE TABLE `AuditEvent` (
    `id` VARCHAR(191) NOT NULL,
    `at` DATETIME(3) NOT NULL,
    `action` VARCHAR(191) NOT NULL,
    `outcome` VARCHAR(191) NOT NULL,
    `actorUserId` VARCHAR(191) NULL,
    `subjectUserId` VARCHAR(191) NULL,
    `organizationId` VARCHAR(191) NULL,
    `network` VARCHAR(191) NULL,
    `userAgent` TEXT NULL,
    `details` TEXT NULL,

    INDEX `AuditEvent_at_id_idx`(`at`, `id`),
    INDEX `AuditEvent_actorUserId_at_id_idx`(`actorUserId`, `at`, `id`),
    INDEX `AuditEvent_subjectUserId_at_id_idx`(`subjectUserId`, `at`, `id`),
    INDEX `AuditEvent_organizationId_at_id_idx`(`organizationId`, `at`, `id`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
