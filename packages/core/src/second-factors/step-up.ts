// Placeholder: the sign-in step-up (a pending sign-in waits for its second factor) comes here.
export {};
