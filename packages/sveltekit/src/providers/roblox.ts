/** `@latch/core/providers/roblox`, also at `@latch/sveltekit/providers/roblox` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/roblox";
export { default } from "@latch/core/providers/roblox";
