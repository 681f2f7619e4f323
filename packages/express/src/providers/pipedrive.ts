/** `@latch/core/providers/pipedrive`, also at `@latch/express/providers/pipedrive` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/pipedrive";
export { default } from "@latch/core/providers/pipedrive";
