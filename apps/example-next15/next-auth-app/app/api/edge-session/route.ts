import { auth } from "@/auth";

// auth() in an edge Route Handler.
export const runtime = "edge";
export const GET = auth((request) => Response.json({ user: request.auth?.user ?? null }, { status: request.auth ? 200 : 401 }));
