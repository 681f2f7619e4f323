/** `@latch/core/providers/linkedin`, also at `@latch/express/providers/linkedin` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/linkedin";
export { default } from "@latch/core/providers/linkedin";
