// The provider of @latch/core, under the path next-auth apps import it from.
export * from "@latch/core/providers/email";
export { default } from "@latch/core/providers/email";
