import { DataSource, type DataSourceOptions } from "typeorm";
import { AccountEntity, AuthenticatorEntity, PasswordEntity, SecondFactorEntity, SessionEntity, UserEntity, VerificationTokenEntity } from "./entities.js";

/** The entity classes the adapter uses; pass subclasses to store extra columns. */
export interface LatchEntities {
  UserEntity: typeof UserEntity;
  AccountEntity: typeof AccountEntity;
  SessionEntity: typeof SessionEntity;
  VerificationTokenEntity: typeof VerificationTokenEntity;
  AuthenticatorEntity: typeof AuthenticatorEntity;
  /** Passwords (migration 6): needed by the password methods only. */
  PasswordEntity: typeof PasswordEntity;
  /** Second factors (migration 7): needed by the second-factor methods only. */
  SecondFactorEntity: typeof SecondFactorEntity;
}

/** The default entity classes. */
export const defaultEntities: LatchEntities = {
  UserEntity,
  AccountEntity,
  SessionEntity,
  VerificationTokenEntity,
  AuthenticatorEntity,
  PasswordEntity,
  SecondFactorEntity,
};

/** The default entities with the given ones in their place. */
export function resolveEntities(custom: Partial<LatchEntities> = {}): LatchEntities {
  return { ...defaultEntities, ...custom };
}

/**
 * Returns a function that gives the initialised data source: the one passed in, or one built
 * from options with the adapter's entities. Initialisation happens once, on first use.
 */
export function connector(source: DataSource | DataSourceOptions, entities: LatchEntities): () => Promise<DataSource> {
  const dataSource = isDataSource(source) ? source : new DataSource(withEntities(source, entities));
  let ready: Promise<DataSource> | undefined;
  return () => {
    if (dataSource.isInitialized) return Promise.resolve(dataSource);
    ready ??= dataSource.initialize().catch((error: unknown) => {
      ready = undefined;
      throw error;
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
