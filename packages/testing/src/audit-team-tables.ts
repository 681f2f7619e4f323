/**
 * The `audit_events`, `teams` and `team_members` tables on MariaDB/MySQL and SQLite, with the
 * names and columns of @latch/pg's migrations 15 and 16, for the suites of adapters that store
 * the audit trail and teams on tables they do not make themselves. `IF NOT EXISTS`: a database
 * whose migrations made them already keeps its own.
 *
 * @example
 * ```ts
 * for (const statement of auditAndTeamTables("sqlite")) database.exec(statement)
 * ```
 */
export function auditAndTeamTables(engine: "mariadb" | "sqlite"): string[] {
  if (engine === "mariadb") {
    return [
      "CREATE TABLE IF NOT EXISTS `audit_events` (`id` varchar(255) NOT NULL, `at` datetime(3) NOT NULL, `action` varchar(255) NOT NULL, `outcome` varchar(16) NOT NULL, `actorUserId` varchar(255) NULL, `subjectUserId` varchar(255) NULL, `organizationId` varchar(255) NULL, `network` varchar(255) NULL, `userAgent` text NULL, `details` text NULL, INDEX `audit_events_at` (`at`, `id`), INDEX `audit_events_actor` (`actorUserId`, `at`, `id`), INDEX `audit_events_subject` (`subjectUserId`, `at`, `id`), INDEX `audit_events_organization` (`organizationId`, `at`, `id`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
      "CREATE TABLE IF NOT EXISTS `teams` (`id` varchar(255) NOT NULL, `organizationId` varchar(255) NOT NULL, `name` varchar(255) NOT NULL, `createdAt` datetime(3) NOT NULL, UNIQUE INDEX `teams_organization_name_key` (`organizationId`, `name`), PRIMARY KEY (`id`), CONSTRAINT `teams_organization_fkey` FOREIGN KEY (`organizationId`) REFERENCES `organizations` (`id`) ON DELETE CASCADE ON UPDATE NO ACTION) ENGINE=InnoDB",
      "CREATE TABLE IF NOT EXISTS `team_members` (`teamId` varchar(255) NOT NULL, `organizationId` varchar(255) NOT NULL, `userId` varchar(255) NOT NULL, `createdAt` datetime(3) NOT NULL, INDEX `team_members_member` (`organizationId`, `userId`), PRIMARY KEY (`teamId`, `userId`), CONSTRAINT `team_members_team_fkey` FOREIGN KEY (`teamId`) REFERENCES `teams` (`id`) ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT `team_members_member_fkey` FOREIGN KEY (`organizationId`, `userId`) REFERENCES `members` (`organizationId`, `userId`) ON DELETE CASCADE ON UPDATE NO ACTION) ENGINE=InnoDB",
    ];
  }
  return [
    `CREATE TABLE IF NOT EXISTS "audit_events" ("id" varchar(255) PRIMARY KEY NOT NULL, "at" datetime(3) NOT NULL, "action" varchar(255) NOT NULL, "outcome" varchar(16) NOT NULL, "actorUserId" varchar(255), "subjectUserId" varchar(255), "organizationId" varchar(255), "network" varchar(255), "userAgent" text, "details" text)`,
    `CREATE INDEX IF NOT EXISTS "audit_events_at" ON "audit_events" ("at", "id")`,
    `CREATE INDEX IF NOT EXISTS "audit_events_actor" ON "audit_events" ("actorUserId", "at", "id")`,
    `CREATE INDEX IF NOT EXISTS "audit_events_subject" ON "audit_events" ("subjectUserId", "at", "id")`,
    `CREATE INDEX IF NOT EXISTS "audit_events_organization" ON "audit_events" ("organizationId", "at", "id")`,
    `CREATE TABLE IF NOT EXISTS "teams" ("id" varchar(255) PRIMARY KEY NOT NULL, "organizationId" varchar(255) NOT NULL, "name" varchar(255) NOT NULL, "createdAt" datetime(3) NOT NULL, CONSTRAINT "teams_organization_name_key" UNIQUE ("organizationId", "name"), CONSTRAINT "teams_organization_fkey" FOREIGN KEY ("organizationId") REFERENCES "organizations" ("id") ON DELETE CASCADE)`,
    `CREATE TABLE IF NOT EXISTS "team_members" ("teamId" varchar(255) NOT NULL, "organizationId" varchar(255) NOT NULL, "userId" varchar(255) NOT NULL, "createdAt" datetime(3) NOT NULL, PRIMARY KEY ("teamId", "userId"), CONSTRAINT "team_members_team_fkey" FOREIGN KEY ("teamId") REFERENCES "teams" ("id") ON DELETE CASCADE, CONSTRAINT "team_members_member_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "members" ("organizationId", "userId") ON DELETE CASCADE)`,
    `CREATE INDEX IF NOT EXISTS "team_members_member" ON "team_members" ("organizationId", "userId")`,
  ];
}
