/** `@latch/core/providers/beyondidentity`, also at `@latch/express/providers/beyondidentity` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/beyondidentity";
export { default } from "@latch/core/providers/beyondidentity";
