// The Svelte components of @latch/sveltekit, shipped as sources: the app's Svelte compiler builds them.
export { default as SignIn } from "./SignIn.svelte";
export { default as SignOut } from "./SignOut.svelte";
