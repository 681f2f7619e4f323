// `locals.auth()` and `PageData.session` are declared by @latch/sveltekit.
import "@latch/sveltekit";

export {};
