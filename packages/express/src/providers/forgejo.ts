/** `@latch/core/providers/forgejo`, also at `@latch/express/providers/forgejo` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/forgejo";
export { default } from "@latch/core/providers/forgejo";
