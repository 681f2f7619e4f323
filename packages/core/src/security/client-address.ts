/**
 * The hand-off of the client's address from an integration to core. A `Request` carries no peer
 * address, so the integration that accepted the connection (Express: the socket; SvelteKit:
 * `event.getClientAddress()`) records it here for the request it passes to `Auth()`. Kept in a
 * WeakMap: nothing a client sends can set it, and it goes away with the request.
 */
const addresses = /* @__PURE__ */ new WeakMap<Request, string>();

/**
 * Records the address of the peer that sent `request`, as the server saw it (the socket's remote
 * address, or what the framework reports as the client address). For integration authors: call
 * it on the `Request` given to `Auth()`. Rate limits key requests by it.
 *
 * @example
 * ```ts
 * import { Auth, setClientAddress } from "@latch/core"
 * const request = toWebRequest(req)
 * setClientAddress(request, req.socket.remoteAddress)
 * return Auth(request, config)
 * ```
 */
export function setClientAddress(request: Request, address: string | null | undefined): void {
  if (address) addresses.set(request, address);
}

/** The address recorded by {@link setClientAddress} for `request`, if any. */
export function handedOffAddress(request: Request): string | undefined {
  return addresses.get(request);
}
