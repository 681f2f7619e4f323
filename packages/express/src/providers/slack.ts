/** `@latch/core/providers/slack`, also at `@latch/express/providers/slack` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/slack";
export { default } from "@latch/core/providers/slack";
