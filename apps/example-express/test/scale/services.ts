/**
 * The processes of the scale suite, each on a free loopback port and in a folder of its own: a
 * PostgreSQL cluster (initdb and pg_ctl, as the `postgres` user when run as root), a redis-server
 * with AOF, HAProxy round-robin in front of the app instances, and the instances themselves
 * (`apps/example-express`, as `npm start` runs it). None of them is the machine's own
 * PostgreSQL or Redis, so restarting them disturbs no other suite.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startOwnRedis as startRedis, waitForPort, type OwnRedis } from "@latch/testing";

/** The example app's folder. */
export const appFolder = fileURLToPath(new URL("../..", import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The PostgreSQL programs' folder (`/usr/lib/postgresql/<version>/bin`), or undefined. */
function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((name) => existsSync(join(root, name, "bin/initdb"))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : undefined;
}

const onPath = (command: string, args: string[]) => spawnSync(command, args, { stdio: "ignore" }).status === 0;

/** Why the suite cannot run here (a missing program), or undefined when everything is there. */
export function missingServices(): string | undefined {
  const missing: string[] = [];
  if (!onPath("haproxy", ["-v"])) missing.push("haproxy (apt-get install -y haproxy)");
  if (!postgresBin()) missing.push("PostgreSQL's initdb (/usr/lib/postgresql/*/bin)");
  if (!onPath("redis-server", ["--version"])) missing.push("redis-server");
  return missing.length ? missing.join(", ") : undefined;
}

/** A program run as the `postgres` user when this process is root (PostgreSQL refuses root). */
function asPostgres(program: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  const [command, argv] = root ? ["runuser", ["-u", "postgres", "--", program, ...args]] : [program, args];
  execFileSync(command, argv, { stdio: "pipe" });
}

/** The suite's own PostgreSQL cluster. */
export interface OwnPostgres {
  url: string;
  /** `pg_ctl restart -m fast`: open connections are closed, committed data stays. */
  restart(): Promise<void>;
  /** Stops the server and removes its folder. */
  remove(): Promise<void>;
}

/** Creates a cluster in a new folder (trust authentication, loopback only) and starts it on a free port. */
export async function startPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin()!;
  const dir = mkdtempSync(join(tmpdir(), "latch-scale-pg-"));
  const data = join(dir, "data");
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  asPostgres(join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  const ctl = (...args: string[]) =>
    asPostgres(join(bin, "pg_ctl"), ["-D", data, "-l", join(dir, "log"), "-w", "-t", "30", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, ...args]);
  ctl("start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      ctl("restart", "-m", "fast");
    },
    async remove() {
      try {
        ctl("stop", "-m", "immediate");
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One instance of the example app. */
export interface Instance {
  readonly port: number;
  readonly origin: string;
  /** Everything the current process printed. */
  output(): string;
  /** CPU time (user and system) of the current process so far, in ms, from /proc; 0 where there is none. */
  cpuMs(): number;
  /** SIGKILL: the process ends at once, mid-request. */
  kill(): Promise<void>;
  /** Starts the process again on the same port and waits until it listens. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** What every instance is given. */
export interface InstanceEnv {
  /** HAProxy's origin, every instance's `AUTH_URL`. */
  publicOrigin: string;
  /** Database sessions in this PostgreSQL; JWT sessions without it. */
  databaseUrl?: string;
  redisUrl: string;
  /** `EXAMPLE_LOAD_USERS`. */
  users: number;
  /** `AUTH_SESSION_CACHE=1`. */
  sessionCache?: boolean;
  /** `AUTH_REVOCATION_CACHE_SECONDS` (JWT sessions). */
  revocationCacheSeconds?: number;
}

let clockTicks: number | undefined;

/** User and system CPU time of process `pid` in ms (fields 14 and 15 of /proc/<pid>/stat), or 0. */
function processCpuMs(pid: number): number {
  try {
    clockTicks ??= Number(execFileSync("getconf", ["CLK_TCK"]).toString()) || 100;
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return 0;
  }
}

/** One instance of the example on a free port, not yet started (call `start`). */
export async function exampleInstance(env: InstanceEnv): Promise<Instance> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = "";
  const ended = () => !child || child.exitCode !== null || child.signalCode !== null;
  const end = async (signal: NodeJS.Signals) => {
    const running = child;
    if (!running || ended()) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill(signal);
    await exited;
  };
  return {
    port,
    origin,
    output: () => output,
    cpuMs: () => (child?.pid ? processCpuMs(child.pid) : 0),
    kill: () => end("SIGKILL"),
    stop: () => end("SIGTERM"),
    async start() {
      output = "";
      child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", "src/server.ts"], {
        cwd: appFolder,
        env: {
          PATH: process.env.PATH ?? "",
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          AUTH_SECRET: "example-express-scale-secret-0123456789",
          AUTH_URL: env.publicOrigin,
          ...(env.databaseUrl ? { DATABASE_URL: env.databaseUrl } : {}),
          ...(env.revocationCacheSeconds !== undefined ? { AUTH_REVOCATION_CACHE_SECONDS: String(env.revocationCacheSeconds) } : {}),
          REDIS_URL: env.redisUrl,
          AUTH_TRUSTED_PROXIES: "127.0.0.1",
          EXAMPLE_LOAD_USERS: String(env.users),
          ...(env.sessionCache ? { AUTH_SESSION_CACHE: "1" } : {}),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const running = child;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the instance on ${port} did not start:\n${output}`)), 60_000);
        const ready = () => output.includes(origin) && (clearTimeout(timer), running.off("exit", exited), resolve());
        const exited = (code: number | null) => (clearTimeout(timer), reject(new Error(`the instance on ${port} exited with ${code}:\n${output}`)));
        running.stdout!.on("data", ready);
        running.on("exit", exited);
      });
    },
  };
}

/** HAProxy in front of the instances: round-robin, no stickiness, health checks every 250 ms (down after 3 failures). */
export interface Balancer {
  origin: string;
  /** Waits until HAProxy's health checks see every instance up (10 s at most). */
  allUp(): Promise<void>;
  stop(): Promise<void>;
}

/** One command on HAProxy's admin socket, and its whole answer. */
async function haproxyCommand(socket: string, command: string): Promise<string> {
  const { connect } = await import("node:net");
  return new Promise((resolve, reject) => {
    let answer = "";
    const connection = connect(socket, () => connection.end(`${command}\n`));
    connection.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    connection.on("end", () => resolve(answer));
    connection.on("error", reject);
  });
}

/** Starts HAProxy on 127.0.0.1:`port` in front of `backends`, with its own config file and admin socket. */
export async function startHaproxy(backends: readonly Instance[], port: number): Promise<Balancer> {
  const dir = mkdtempSync(join(tmpdir(), "latch-scale-haproxy-"));
  const config = [
    "global",
    "  maxconn 2000",
    `  stats socket ${join(dir, "admin.sock")} level admin`,
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 30s",
    "  timeout server 30s",
    // A connection refused by a dead instance is tried again on another one; a request the
    // instance had taken is not (it may have acted), and gets a 502.
    "  retries 3",
    "  option redispatch",
    // A new connection to the instance for each request: one to a killed instance is refused,
    // and tried on another, instead of being written into a dead keep-alive connection.
    "  option http-server-close",
    // The client's address for the rate limits (the instances trust 127.0.0.1, the balancer).
    "  option forwardfor",
    "frontend web",
    `  bind 127.0.0.1:${port}`,
    "  default_backend apps",
    "backend apps",
    "  balance roundrobin",
    // Which instance answered (absent on HAProxy's own error pages).
    "  http-response set-header x-served-by %s",
    // Checked every 250 ms; down after 3 failures (a check slowed by a busy CPU is not one), up
    // after 1 success. A dead instance refuses connections, which are tried elsewhere meanwhile.
    "  option httpchk GET /auth/providers",
    "  timeout check 5s",
    ...backends.map((b, i) => `  server app${i + 1} 127.0.0.1:${b.port} check inter 250ms fall 3 rise 1`),
    "",
  ].join("\n");
  const file = join(dir, "haproxy.cfg");
  writeFileSync(file, config);
  let output = "";
  const child = spawn("haproxy", ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForPort(port, "haproxy");
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}:\n${output}`);
  }
  const socket = join(dir, "admin.sock");
  return {
    origin: `http://127.0.0.1:${port}`,
    async allUp() {
      let states: string[] = [];
      for (let attempt = 0; attempt < 200; attempt++) {
        // `show stat` is CSV: proxy name, server name, …, the 18th column the status (UP, DOWN, …).
        // The socket may come a moment after the port: no answer counts as "not yet".
        const stat = await haproxyCommand(socket, "show stat").catch(() => "");
        const rows = stat.split("\n").map((line) => line.split(","));
        states = rows.filter((row) => row[0] === "apps" && row[1]?.startsWith("app")).map((row) => row[17] ?? "");
        if (states.length === backends.length && states.every((state) => state === "UP")) return;
        await sleep(50);
      }
      throw new Error(`the instances are not all up behind HAProxy: ${states.join(", ")}\n${output}`);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The whole setup: services, `count` instances, the balancer. */
export interface Cluster {
  postgres: OwnPostgres;
  redis: OwnRedis;
  instances: Instance[];
  balancer: Balancer;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL, Redis, `instances` instances of the example and HAProxy, and waits until all
 * are up. `sessions: "jwt"` gives the instances no database (JWT sessions, revocation in Redis).
 */
export async function startCluster(options: { instances: number; users: number; sessionCache?: boolean; sessions?: "database" | "jwt" }): Promise<Cluster> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const postgres = await startPostgres();
    cleanups.push(() => postgres.remove());
    const redis = await startRedis();
    cleanups.push(() => redis.remove());
    // The balancer's port is the instances' AUTH_URL: taken first, the config written after.
    const publicPort = await freePort();
    const jwt = options.sessions === "jwt";
    const env: InstanceEnv = {
      publicOrigin: `http://127.0.0.1:${publicPort}`,
      redisUrl: redis.url,
      users: options.users,
      // JWT sessions: no database; every read asks Redis whether the session was revoked.
      ...(jwt ? { revocationCacheSeconds: 0 } : { databaseUrl: postgres.url }),
      ...(options.sessionCache ? { sessionCache: true } : {}),
    };
    const instances: Instance[] = [];
    for (let i = 0; i < options.instances; i++) instances.push(await exampleInstance(env));
    cleanups.push(async () => void (await Promise.all(instances.map((instance) => instance.stop()))));
    // The first one migrates alone (the others would wait on its advisory lock anyway).
    await instances[0]!.start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));
    const balancer = await startHaproxy(instances, publicPort);
    cleanups.push(() => balancer.stop());
    await balancer.allUp();
    return { postgres, redis, instances, balancer, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
