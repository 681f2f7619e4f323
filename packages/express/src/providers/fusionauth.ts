/** `@latch/core/providers/fusionauth`, also at `@latch/express/providers/fusionauth` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/fusionauth";
export { default } from "@latch/core/providers/fusionauth";
