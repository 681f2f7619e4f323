// src/middleware.ts: /dashboard (and below) needs a session; without one, the sign-in page and back.
import { protect } from "@latch/astro/server";

export const onRequest = protect({ paths: ["/dashboard"] });
