/** `@latch/core/providers/criipto`, also at `@latch/express/providers/criipto` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/criipto";
export { default } from "@latch/core/providers/criipto";
