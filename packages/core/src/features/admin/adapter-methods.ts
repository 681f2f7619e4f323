/** The adapter methods site administration needs: checked at start (index.ts), called through store.ts. */
export const adminMethods = ["listUsers", "getUserStanding", "updateUserStanding"] as const;

/** The contract's methods it calls besides: a user's sessions and accounts, ending sessions, removing a user. */
export const contractMethods = ["getUser", "deleteUser", "listSessions", "deleteSessions", "listAccountsByUserId"] as const;
