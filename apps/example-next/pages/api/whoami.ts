import type { NextApiRequest, NextApiResponse } from "next";
import { auth } from "@/auth";

// A Pages Router API route: auth(req, res).
export default async function whoami(req: NextApiRequest, res: NextApiResponse) {
  const session = await auth(req, res);
  if (!session?.user) return res.status(401).json({ error: "Not signed in" });
  return res.status(200).json({ user: session.user });
}
