// The provider of @latch/core, under the path next-auth apps import it from.
export * from "@latch/core/providers/faceit";
export { default } from "@latch/core/providers/faceit";
