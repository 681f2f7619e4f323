/**
 * The route middleware `auth` the module adds: a page with `definePageMeta({ middleware: "auth" })`
 * is shown only with a session; a visitor without one goes to the sign-in page with the way back
 * (`<basePath>/signin?callbackUrl=<path and query>`), a 302 when the server renders the page.
 */
import { defineNuxtRouteMiddleware, navigateTo } from "#imports";
import { latchBasePath, useSession } from "./composables.js";

/** The `auth` route middleware: a session, or the sign-in page with the way back. */
export default defineNuxtRouteMiddleware(async (to: { fullPath: string }) => {
  // Both read Nuxt's context, which an `await` would leave behind on the server.
  const session = useSession();
  const signInPage = `${latchBasePath()}/signin?${new URLSearchParams({ callbackUrl: to.fullPath })}`;
  // On the server the plugin has read the session already: only the browser may still be loading it.
  if (session.status.value === "loading") await session.refresh();
  if (session.data.value?.user) return undefined;
  return navigateTo(signInPage, { external: true, redirectCode: 302 });
});
