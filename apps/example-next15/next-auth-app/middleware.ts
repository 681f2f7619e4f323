// Next.js 15's middleware, on the edge runtime (its default).
import NextAuth from "next-auth";
import authConfig from "./auth.config";

export const { auth: middleware } = NextAuth(authConfig);

export const config = { matcher: ["/dashboard/:path*"] };
