/**
 * The adapter methods passwords need. The sign-in (sign-in.ts) and the endpoints (scope.ts) check
 * for them when they first run, naming the missing ones (MissingAdapterMethods), and guard them.
 */

/** The adapter methods the password sign-in calls. */
export const signInMethods = ["getUserByEmail", "getPassword", "replacePasswordHash"] as const;

/** The adapter methods the password endpoints call. */
export const endpointMethods = [
  "getUser", "getUserByEmail", "createUser", "updateUser", "deleteUser",
  "getPassword", "setPassword", "createVerificationToken", "useVerificationToken",
] as const;
