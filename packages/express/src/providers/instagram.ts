/** `@latch/core/providers/instagram`, also at `@latch/express/providers/instagram` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/instagram";
export { default } from "@latch/core/providers/instagram";
