/** `@latch/core/providers/reddit`, also at `@latch/express/providers/reddit` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/reddit";
export { default } from "@latch/core/providers/reddit";
