/** `@latch/core/providers/bitbucket`, also at `@latch/express/providers/bitbucket` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/bitbucket";
export { default } from "@latch/core/providers/bitbucket";
