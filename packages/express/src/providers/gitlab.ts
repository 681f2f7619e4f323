/** `@latch/core/providers/gitlab`, also at `@latch/express/providers/gitlab` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/gitlab";
export { default } from "@latch/core/providers/gitlab";
