/** A column of a Xata table schema. */
export interface XataColumn {
  name: string;
  type: "string" | "text" | "int" | "datetime" | "link" | "email";
  /** The linked table, for `link` columns. */
  link?: { table: string };
  unique?: boolean;
}

/** A table of a Xata schema. */
export interface XataTable {
  name: string;
  columns: XataColumn[];
}

/** The default table prefix. Auth.js databases use `nextauth`. */
export const defaultPrefix = "latch";

/** The names of the adapter's tables under `prefix`. */
export function tableNames(prefix: string = defaultPrefix) {
  return {
    accounts: `${prefix}_accounts`,
    sessions: `${prefix}_sessions`,
    users: `${prefix}_users`,
    usersAccounts: `${prefix}_users_accounts`,
    usersSessions: `${prefix}_users_sessions`,
    verificationTokens: `${prefix}_verificationTokens`,
  } as const;
}

/**
 * The tables the adapter uses, in the form of a Xata schema: pass them to the client
 * constructor (`new XataClient(options, xataTables())`) when the client was not generated
 * from a database that has them, or use them to create the tables.
 *
 * @example
 * ```ts
 * import { BaseClient } from "@xata.io/client"
 * import { xataTables } from "@latch/xata"
 * const client = new BaseClient({ databaseURL, apiKey, branch: "main" }, xataTables("nextauth"))
 * ```
 */
export function xataTables(prefix: string = defaultPrefix): XataTable[] {
  const names = tableNames(prefix);
  const string = (name: string): XataColumn => ({ name, type: "string" });
  const link = (name: string, table: string): XataColumn => ({ name, type: "link", link: { table } });
  return [
    {
      name: names.accounts,
      columns: [
        { name: "access_token", type: "text" },
        { name: "expires_at", type: "int" },
        { name: "id_token", type: "text" },
        string("provider"),
        string("providerAccountId"),
        { name: "refresh_token", type: "text" },
        string("scope"),
        string("session_state"),
        string("token_type"),
        string("type"),
        link("user", names.users),
      ],
    },
    {
      name: names.sessions,
      columns: [{ name: "expires", type: "datetime" }, string("sessionToken"), link("user", names.users)],
    },
    {
      name: names.users,
      columns: [string("email"), { name: "emailVerified", type: "datetime" }, string("image"), string("name")],
    },
    { name: names.usersAccounts, columns: [link("account", names.accounts), link("user", names.users)] },
    { name: names.usersSessions, columns: [link("session", names.sessions), link("user", names.users)] },
    {
      name: names.verificationTokens,
      columns: [{ name: "expires", type: "datetime" }, string("identifier"), string("token")],
    },
  ];
}
