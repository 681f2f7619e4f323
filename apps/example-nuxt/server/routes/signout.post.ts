// The app's own sign-out form posts here: a server-side sign-out, refused for a form from another site.
import { signOut } from "@latch/nuxt/server";

export default defineEventHandler((event) => signOut(event, { redirectTo: "/" }));
