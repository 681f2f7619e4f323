/** Where the demo listens, from its command line and environment, and what to say when it cannot. */

/** The address the demo binds. */
export interface ListenAddress {
  host: string;
  port: number;
}

/**
 * `--host <address>` (or `HOST`) and `--port <n>` (or `PORT`); by default 127.0.0.1:3000, so
 * the development outbox and its sign-in links are not reachable from the network.
 */
export function listenAddress(argv: readonly string[], env: Record<string, string | undefined>): ListenAddress {
  const flag = (name: string): string | undefined => {
    const index = argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
    if (index < 0) return undefined;
    const arg = argv[index]!;
    return arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[index + 1];
  };
  const host = flag("host") ?? env.HOST ?? "127.0.0.1";
  const portText = flag("port") ?? env.PORT ?? "3000";
  const port = Number(portText);
  if (!host) throw new Error("The demo needs a host to listen on: --host <address> or HOST.");
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`"${portText}" is not a port: use --port <0-65535> or PORT.`);
  return { host, port };
}

/** One line that says why `what` could not listen on `host:port`, and how to fix it. */
export function listenFailure(error: unknown, what: string, address: ListenAddress, setting: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `${address.host}:${address.port}`;
  if (code === "EADDRINUSE") return `${what} cannot start: port ${address.port} is already in use on ${address.host}. Stop what uses it, or choose another port with ${setting}.`;
  if (code === "EACCES") return `${what} cannot start: no permission to listen on ${where}. Choose a port above 1023 with ${setting}.`;
  if (code === "EADDRNOTAVAIL") return `${what} cannot start: ${address.host} is not an address of this machine.`;
  return `${what} cannot start on ${where}: ${error instanceof Error ? error.message : String(error)}`;
}
