// An Express app written against `@auth/express` as its documentation shows it; the only change
// is the package name (`@auth/express` → `@latch/express`), in every import below.
import express, { type NextFunction, type Request, type Response } from "express";
import { AuthError, CredentialsSignin, ExpressAuth, customFetch, getSession, type Account, type DefaultSession, type ExpressAuthConfig, type GetSessionResult, type Profile, type Session, type User } from "@latch/express";
import type { Adapter, AdapterUser } from "@latch/express/adapters";
import Credentials from "@latch/express/providers/credentials";
import GitHub from "@latch/express/providers/github";

class UnknownUser extends CredentialsSignin {
  override code = "unknown_user";
}

export const authConfig: ExpressAuthConfig = {
  secret: "an-express-app-secret-of-more-than-32-chars",
  trustHost: true,
  logger: { error: () => {}, warn: () => {}, debug: () => {} },
  providers: [
    GitHub({ clientId: "placeholder", clientSecret: "placeholder", [customFetch]: fetch }),
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      async authorize(credentials): Promise<User | null> {
        if (credentials.username === "ghost") throw new UnknownUser();
        return credentials.password === "open sesame" ? { id: "7", name: String(credentials.username), email: "ali@example.com" } : null;
      },
    }),
  ],
  callbacks: {
    async signIn({ user, account, profile }: { user: User | AdapterUser; account?: Account | null; profile?: Profile }) {
      return !!user && (account?.provider === "credentials" || !!profile);
    },
    session({ session }) {
      const user: DefaultSession["user"] = session.user;
      return { ...session, user };
    },
  },
};

/** The documentation's middleware: the session of each request in `res.locals.session`. */
export async function currentSession(req: Request, res: Response, next: NextFunction): Promise<void> {
  const session: Session | null = await getSession(req, authConfig);
  res.locals.session = session;
  next();
}

/** Only for signed-in users. */
export function authenticatedUser(_req: Request, res: Response, next: NextFunction): void {
  if ((res.locals.session as Session | null)?.user) next();
  else res.status(401).json({ error: "signed out" });
}

/** The app as the test starts it. */
export function createApp(): express.Express {
  const app = express();
  app.set("trust proxy", true);
  app.use("/auth", ExpressAuth(authConfig));
  app.use(currentSession);
  app.get("/me", authenticatedUser, (_req, res) => {
    res.json(res.locals.session);
  });
  app.get("/whoami", async (req, res) => {
    const result: GetSessionResult = getSession(req, authConfig);
    const session = await result;
    res.send(session?.user?.name ?? (new AuthError("signed out") instanceof Error ? "nobody" : ""));
  });
  return app;
}

/** A value typed with the adapter contract, to prove `@latch/express/adapters` carries it. */
export const noAdapter: Adapter | undefined = undefined;
