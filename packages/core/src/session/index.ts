import type { AuthContext } from "../config/context.js";
import type { AuthRequest } from "../http/request.js";
import type { Cookie } from "../types/cookies.js";
import * as database from "./database.js";
import * as jwt from "./jwt.js";
import { readDatabaseSession, readJwtSession } from "./read.js";
import type { CurrentUser, SessionRead, SessionStart } from "./types.js";

export type { CurrentUser, SessionRead, SessionStart } from "./types.js";

/** One interface over both strategies; nothing outside `session/` knows what the cookie holds. */
interface Strategy {
  read(ctx: AuthContext, req: AuthRequest): Promise<SessionRead>;
  start(ctx: AuthContext, req: AuthRequest, start: SessionStart): Promise<Cookie[]>;
  update(ctx: AuthContext, req: AuthRequest, data: unknown): Promise<SessionRead>;
  end(ctx: AuthContext, req: AuthRequest): Promise<Cookie[]>;
  current(ctx: AuthContext, req: AuthRequest): Promise<CurrentUser>;
}

const strategies: Record<"jwt" | "database", Strategy> = {
  jwt: { read: readJwtSession, start: jwt.startJwtSession, update: jwt.updateJwtSession, end: jwt.endJwtSession, current: jwt.currentJwtUser },
  database: {
    read: readDatabaseSession,
    start: database.startDatabaseSession,
    update: database.updateDatabaseSession,
    end: database.endDatabaseSession,
    current: database.currentDatabaseUser,
  },
};

/** The strategy configured for `ctx`. */
export function sessionStrategy(ctx: AuthContext): Strategy {
  return strategies[ctx.session.strategy];
}
