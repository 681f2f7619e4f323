/** `@latch/core/providers/vipps`, also at `@latch/sveltekit/providers/vipps` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/vipps";
export { default } from "@latch/core/providers/vipps";
