/** `@latch/core/providers/threads`, also at `@latch/express/providers/threads` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/threads";
export { default } from "@latch/core/providers/threads";
