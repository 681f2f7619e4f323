/** `@latch/core/providers/casdoor`, also at `@latch/express/providers/casdoor` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/casdoor";
export { default } from "@latch/core/providers/casdoor";
