/** One migration as the CLI shows it, whichever adapter it belongs to. */
export interface PlannedMigration {
  version: number;
  name: string;
  /** The statements `apply` runs for it; empty when the migration is only recorded. */
  statements: readonly string[];
  /** Why the statements differ from the migration's own, when they do. */
  note?: string;
}

/** What a database holds and what `apply` would do to it. */
export interface MigrationState {
  /** Where the schema is, for the user: `PostgreSQL schema "public"`, `SQLite ./app.db`. */
  target: string;
  /** `empty`, `latch` (recorded migrations), `unversioned` (tables made before they were recorded) or `authjs`. */
  kind: "empty" | "latch" | "unversioned" | "authjs";
  applied: { version: number; name: string; appliedAt?: string }[];
  pending: PlannedMigration[];
  /** Statements `apply` runs before the pending migrations (the Auth.js upgrade). */
  prelude: { title: string; statements: readonly string[] }[];
  /**
   * Users whose addresses are spellings of one address (`Ada@example.com`, `ada@example.com`):
   * migration 9 rewrites every other address to its stored spelling and leaves these as they are.
   */
  emailCollisions: EmailCollision[];
}

/** Users that share one address in its stored spelling, each with its address as stored. */
export interface EmailCollision {
  email: string;
  users: { id: string; email: string }[];
}

/** A database the CLI can migrate: reads its state, applies what is pending, lets go. */
export interface MigrationTarget {
  state(): Promise<MigrationState>;
  apply(state: MigrationState): Promise<void>;
  close(): Promise<void>;
}
