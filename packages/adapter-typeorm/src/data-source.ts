import { DataSource, type DataSourceOptions } from "typeorm";
import { adaptToSchema } from "./schema-check.js";
import {
  AccountEntity,
  ApiKeyEntity,
  AuditEventEntity,
  AuthenticatorEntity,
  InvitationEntity,
  MemberEntity,
  OrganizationEntity,
  OrganizationRoleEntity,
  PasswordEntity,
  SecondFactorEntity,
  SessionEntity,
  SigningKeyEntity,
  TeamEntity,
  TeamMemberEntity,
  UserEntity,
  UserStandingEntity,
  VerificationTokenEntity,
  type LatchEntities,
} from "./entities.js";

/** The default entity classes. */
export const defaultEntities: LatchEntities = {
  UserEntity,
  AccountEntity,
  SessionEntity,
  VerificationTokenEntity,
  AuthenticatorEntity,
  PasswordEntity,
  SecondFactorEntity,
  SigningKeyEntity,
  ApiKeyEntity,
  OrganizationEntity,
  MemberEntity,
  InvitationEntity,
  OrganizationRoleEntity,
  UserStandingEntity,
  AuditEventEntity,
  TeamEntity,
  TeamMemberEntity,
};

/** The default entities with the given ones in their place. */
export function resolveEntities(custom: Partial<LatchEntities> = {}): LatchEntities {
  return { ...defaultEntities, ...custom };
}

/** The TypeORM driver each connection-string scheme selects. */
const driverOfScheme: Record<string, "postgres" | "mysql" | "mariadb" | "mssql" | "cockroachdb" | "better-sqlite3"> = {
  "postgres:": "postgres",
  "postgresql:": "postgres",
  "mysql:": "mysql",
  "mariadb:": "mariadb",
  "mssql:": "mssql",
  "sqlserver:": "mssql",
  "cockroachdb:": "cockroachdb",
  "sqlite:": "better-sqlite3",
};

/**
 * Data-source options from a connection string, as `@auth/typeorm-adapter` accepts one:
 * `postgres://` (or `postgresql://`), `mysql://`, `mariadb://`, `mssql://` (or `sqlserver://`),
 * `cockroachdb://` pass the URL to TypeORM's driver; `sqlite:<path>` opens that file with
 * `better-sqlite3`. Throws for another scheme, naming the ones it knows.
 *
 * @example
 * ```ts
 * optionsFromConnectionString("postgres://app@db:5432/app") // { type: "postgres", url: "postgres://app@db:5432/app" }
 * optionsFromConnectionString("sqlite:./data/app.db")        // { type: "better-sqlite3", database: "./data/app.db" }
 * ```
 */
export function optionsFromConnectionString(connection: string): DataSourceOptions {
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(connection)?.[0].toLowerCase() ?? "";
  const type = driverOfScheme[scheme];
  if (!type) {
    throw new TypeError(`TypeORMAdapter: a connection string starts with ${Object.keys(driverOfScheme).join(", ")}; pass DataSourceOptions for another driver.`);
  }
  if (type === "better-sqlite3") return { type, database: connection.slice(scheme.length).replace(/^\/\/(?=\/|\.)/, "") };
  if (type === "mariadb") return { type, url: `mysql:${connection.slice(scheme.length)}` };
  return { type, url: connection } as DataSourceOptions;
}

/**
 * Returns a function that gives the initialised data source: the one passed in, or one built
 * from options (or a connection string) with the adapter's entities. On first use it initialises
 * the data source (unless it is already) and checks the tables once (`adaptToSchema`); a failure
 * is thrown to that caller and the next call tries again.
 */
export function connector(source: string | DataSource | DataSourceOptions, entities: LatchEntities): () => Promise<DataSource> {
  const options = typeof source === "string" ? optionsFromConnectionString(source) : source;
  const dataSource = isDataSource(options) ? options : new DataSource(withEntities(options, entities));
  let checked = false;
  let ready: Promise<DataSource> | undefined;
  return () => {
    if (checked && dataSource.isInitialized) return Promise.resolve(dataSource);
    ready ??= (async () => {
      if (!dataSource.isInitialized) await dataSource.initialize();
      await adaptToSchema(dataSource, entities);
      checked = true;
      return dataSource;
    })().finally(() => {
      ready = undefined;
    });
    return ready;
  };
}

function isDataSource(source: DataSource | DataSourceOptions): source is DataSource {
  return typeof (source as DataSource).initialize === "function";
}

/** The options with the adapter's entities added to the application's own. */
function withEntities(options: DataSourceOptions, entities: LatchEntities): DataSourceOptions {
  const own = options.entities;
  const list = Array.isArray(own) ? own : own ? Object.values(own) : [];
  return { ...options, entities: [...Object.values(entities), ...list] } as DataSourceOptions;
}
