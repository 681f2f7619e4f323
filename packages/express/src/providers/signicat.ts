/** `@latch/core/providers/signicat`, also at `@latch/express/providers/signicat` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/signicat";
export { default } from "@latch/core/providers/signicat";
