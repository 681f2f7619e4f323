import { describe, expect, test } from "vitest";
import type { Adapter, AdapterUser } from "../adapter.js";
import { createRevocation } from "../features/revocation/revocation.js";
import type { RevocationStore } from "../types/session-options.js";
import { endUnprovenAccess } from "./end-unproven-access.js";

// A revocation store in memory, recording what was written: these tests check only which call
// endUnprovenAccess makes; the Redis store itself is tested in @latch/redis.
function recordingStore(): RevocationStore & { marks: { userId: string; except: string | null }[] } {
  const marks: { userId: string; except: string | null }[] = [];
  return {
    marks,
    revokeSession: () => {},
    revokeUser: (userId, _validAfter, except) => void marks.push({ userId, except }),
    check: () => ({ revoked: false, validAfter: null, except: null }),
  };
}

const unproven: AdapterUser = { id: "u1", email: "victim@example.com", emailVerified: null };

describe("endUnprovenAccess and JWT sessions", () => {
  test("with JWT sessions and revocation, proving the address ends every earlier JWT session of the user", async () => {
    const store = recordingStore();
    const events: unknown[] = [];
    let deleted = 0;
    const adapter = { deleteSessions: async () => ++deleted } as unknown as Required<Adapter>;
    await endUnprovenAccess(
      {
        adapter: {},
        events: { sessionRevoked: (message) => void events.push(message) },
        session: { strategy: "jwt", maxAge: 60, updateAge: 0, absoluteMaxAge: false, generateSessionToken: () => "", revocation: createRevocation({ store }) },
        jwt: { maxAge: 60, encode: () => "", decode: () => null },
      },
      adapter,
      unproven,
    );
    expect(store.marks).toEqual([{ userId: "u1", except: null }]);
    expect(events).toEqual([{ userId: "u1", scope: "all", count: null }]);
    expect(deleted).toBe(0);
  });
});
