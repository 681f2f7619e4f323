import NextAuth from "@latch/next";
import { authConfig } from "@/auth";
import { adapter } from "@/lib/database";

// The same configuration with a database that fails on session reads: auth() must answer null
// (and log the error), never a session. The tests call it while signed in.
const broken = NextAuth({
  ...authConfig,
  adapter: {
    ...adapter,
    getSessionAndUser: async () => {
      throw new Error("the database is down");
    },
  },
});

export async function GET() {
  return Response.json({ session: await broken.auth() });
}
