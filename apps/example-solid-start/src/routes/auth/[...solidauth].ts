// The catch-all API route serving Latch at /auth/*: sign-in, callbacks, session, sign-out. PUT,
// PATCH and DELETE go to Latch too, which refuses them outside a plugin's routes (405).
import { SolidAuth } from "@latch/solid-start";
import { authOpts } from "../../lib/auth.js";

export const { GET, POST, PUT, PATCH, DELETE } = SolidAuth(authOpts);
