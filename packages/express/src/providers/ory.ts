/** `@latch/core/providers/ory`, also at `@latch/express/providers/ory` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/ory";
export { default } from "@latch/core/providers/ory";
