import { createConnection, createServer, type Server, type Socket } from "node:net";
import { present } from "../../../src/server/lib/present";

// A TCP proxy on loopback for fault tests: the app talks to a server (PostgreSQL, SMTP) through
// it, and the test plays the network or the server going away — every connection cut at once,
// new ones refused while "down", accepted again once "up" — on the same port throughout.

/** Which client→server chunk to cut on: its text (latin1, every byte kept) matching, or a test of the bytes. */
export type ChunkMatcher = RegExp | ((chunk: Buffer) => boolean);

type Cut = { matches: (chunk: Buffer) => boolean; when: "before" | "after"; resolve: () => void };

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;

export async function startTcpProxy(target: { host: string; port: number }) {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const cuts: Cut[] = [];
  /** Upstream halves still flushing the message of an "after" cut. */
  const flushing = new Set<Socket>();
  let accepted = 0;
  /** Frozen: connections stay open and new ones are accepted, but no byte moves either way. */
  let frozen = false;
  /** While set, a new connection is answered with this PostgreSQL error instead of being forwarded. */
  let refusal: Buffer | null = null;
  let server: Server | null = null;
  let port = 0;

  function cutAll() {
    for (const pair of pairs) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
    pairs.clear();
  }

  function onConnection(client: Socket) {
    accepted++;
    if (refusal) {
      const answer = refusal;
      // The server reads the startup message, answers with its error and closes (as PostgreSQL
      // does for a connection it has no room for); open connections are not touched.
      client.once("data", () => client.end(answer));
      client.on("error", () => client.destroy());
      return;
    }
    const upstream = createConnection({ host: target.host, port: target.port });
    const pair = { client, upstream };
    pairs.add(pair);
    if (frozen) {
      client.pause();
      upstream.pause();
    }
    let draining = false;
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      if (!draining) upstream.destroy();
    };
    client.on("error", drop);
    upstream.on("error", drop);
    client.on("close", drop);
    upstream.on("close", drop);
    client.on("data", (chunk: Buffer) => {
      const index = cuts.findIndex((c) => c.matches(chunk));
      if (index < 0) {
        upstream.write(chunk);
        return;
      }
      const [cut] = cuts.splice(index, 1);
      if (present(cut).when === "after") {
        // The server gets the whole message and then the end of the stream; its answer is lost.
        draining = true;
        pairs.delete(pair);
        upstream.removeAllListeners("data");
        flushing.add(upstream);
        upstream.on("close", () => flushing.delete(upstream));
        upstream.end(chunk);
        client.destroy();
      }
      cutAll();
      present(cut).resolve();
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
  }

  async function listen(onPort: number) {
    const next = createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      next.once("error", reject);
      next.listen(onPort, "127.0.0.1", () => resolve());
    });
    const address = next.address();
    port = typeof address === "object" && address ? address.port : 0;
    server = next;
  }

  await listen(0);

  return {
    get port() {
      return port;
    },
    /** Connections open through the proxy right now. */
    get openConnections() {
      return pairs.size;
    },
    /** Connections accepted since the start. */
    get acceptedConnections() {
      return accepted;
    },
    /** Destroys every open connection, both sides, as a server restart or a network cut does. */
    cutAll,
    /**
     * Cuts every connection once a client→server chunk matches: "before" it is forwarded (the
     * server never sees it) or "after" (the server may act on it; its answer is lost). The promise
     * settles when the cut happened.
     */
    cutWhen(matcher: ChunkMatcher, when: "before" | "after" = "before"): Promise<void> {
      // latin1 keeps every byte, so a statement's text can be found inside a protocol message.
      const matches =
        matcher instanceof RegExp ? (chunk: Buffer) => matcher.test(chunk.toString("latin1")) : matcher;
      return new Promise<void>((resolve) => cuts.push({ matches, when, resolve }));
    },
    /**
     * The server freezes (as under SIGSTOP): every connection, open or new, stays up but nothing
     * is forwarded; what was sent waits in the socket buffers until thaw().
     */
    freeze() {
      frozen = true;
      for (const pair of pairs) {
        pair.client.pause();
        pair.upstream.pause();
      }
    },
    /** The frozen server goes on where it stopped. */
    thaw() {
      frozen = false;
      for (const pair of pairs) {
        pair.client.resume();
        pair.upstream.resume();
      }
    },
    /**
     * The server answers every new connection with a FATAL error (SQLSTATE `code`, e.g. 53300 "too
     * many clients already") until `acceptNew()`; the open ones go on as before.
     */
    refuseNew(code: string, message: string) {
      refusal = postgresError(code, message);
    },
    /** New connections are forwarded again. */
    acceptNew() {
      refusal = null;
    },
    /** The server is gone: every connection is cut and new ones are refused. */
    async down() {
      const current = server;
      server = null;
      cutAll();
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    /** The server is back, on the same port. */
    async up() {
      if (!server) await listen(port);
    },
    async close() {
      cuts.length = 0;
      for (const socket of flushing) socket.destroy();
      const current = server;
      server = null;
      cutAll();
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}

/** A PostgreSQL protocol ErrorResponse ('E'): severity FATAL, the SQLSTATE and the message. */
function postgresError(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, "utf8");
  const head = Buffer.alloc(5);
  head.write("E", 0, "latin1");
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}
