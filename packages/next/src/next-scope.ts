/**
 * Next.js's request-scope functions (`headers()`, `cookies()` from `next/headers`, `redirect()`
 * from `next/navigation`), loaded when first called: a static import would make Next.js refuse
 * every Pages Router page that imports `auth` (for `auth(context)` in `getServerSideProps`).
 */
export async function nextRequestScope(): Promise<typeof import("next/headers") & Pick<typeof import("next/navigation"), "redirect">> {
  const [headersModule, navigation] = await Promise.all([import("next/headers"), import("next/navigation")]);
  return { ...headersModule, redirect: navigation.redirect };
}
