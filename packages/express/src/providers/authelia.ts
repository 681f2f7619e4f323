/** `@latch/core/providers/authelia`, also at `@latch/express/providers/authelia` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/authelia";
export { default } from "@latch/core/providers/authelia";
