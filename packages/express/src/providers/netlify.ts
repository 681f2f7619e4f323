/** `@latch/core/providers/netlify`, also at `@latch/express/providers/netlify` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/netlify";
export { default } from "@latch/core/providers/netlify";
