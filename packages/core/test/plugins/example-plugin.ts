import { definePlugin } from "@latch/core/plugins";

/** What the `roles` plugin is told: who is an admin, and who may not sign in at all. */
export interface RolesOptions {
  admins: readonly string[];
  blocked?: readonly string[];
}

/**
 * Roles on `session.user.role`, a sign-in log, and notes kept per user: endpoints under
 * `<base>/roles/…`, a session field and hooks around sign-in.
 */
export function roles(options: RolesOptions) {
  const roleOf = (email: string | null | undefined) => (email && options.admins.includes(email) ? "admin" : "member") as "admin" | "member";
  const signIns: { email: string | null | undefined; isNewUser: boolean }[] = [];
  const notes = new Map<string, string>();

  return definePlugin({
    id: "roles",
    hooks: {
      // Refuses blocked addresses before Latch writes a user, an account or a session.
      beforeSignIn: ({ user }) => !options.blocked?.includes(user.email ?? ""),
      // Runs once the session has started (after the second factor, when one is owed).
      afterSignIn: ({ user, isNewUser }) => {
        signIns.push({ email: user.email, isNewUser });
      },
      // Adds `role` to `session.user`, for JWT and database sessions alike.
      session: ({ session }) => ({ role: roleOf(session.user?.email) }),
    },
    endpoints: {
      // GET <base>/roles/me
      me: {
        method: "GET",
        path: "me",
        handler: async ({ getSession, json }) => {
          const session = await getSession();
          if (!session?.user) return json({ error: "Sign in first." }, { status: 401 });
          return json({ email: session.user.email, role: roleOf(session.user.email) });
        },
      },
      // GET <base>/roles/sign-ins, for admins
      signIns: {
        method: "GET",
        path: "sign-ins",
        handler: async ({ getSession, json }) => {
          const session = await getSession();
          if (roleOf(session?.user?.email) !== "admin") return json({ error: "Admins only." }, { status: 403 });
          return json(signIns);
        },
      },
      // PUT and DELETE <base>/roles/notes/<name>: CSRF-checked like Latch's own POSTs.
      note: {
        method: ["GET", "PUT", "DELETE"],
        path: "notes/:name",
        handler: async ({ method, params, body, getSession, json }) => {
          const session = await getSession();
          if (!session?.user?.email) return json({ error: "Sign in first." }, { status: 401 });
          const key = `${session.user.email}/${params.name}`;
          if (method === "PUT") notes.set(key, String(body?.text ?? ""));
          if (method === "DELETE") notes.delete(key);
          return json({ name: params.name, text: notes.get(key) ?? null });
        },
      },
    },
    schema: [{ table: "notes", columns: { user_email: "text", name: "text", text: "text" } }],
  });
}
