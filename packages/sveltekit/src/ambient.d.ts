// The shape SvelteKit generates for `$env/dynamic/private` in an app's `.svelte-kit/ambient.d.ts`;
// declared here only so the package compiles on its own. Not shipped.
declare module "$env/dynamic/private" {
  export const env: Record<string, string | undefined>;
}
