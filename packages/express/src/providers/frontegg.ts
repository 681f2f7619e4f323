/** `@latch/core/providers/frontegg`, also at `@latch/express/providers/frontegg` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/frontegg";
export { default } from "@latch/core/providers/frontegg";
