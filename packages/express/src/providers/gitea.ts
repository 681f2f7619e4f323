/** `@latch/core/providers/gitea`, also at `@latch/express/providers/gitea` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/gitea";
export { default } from "@latch/core/providers/gitea";
