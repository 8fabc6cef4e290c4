// One player's HTTP/1.1 connection for the bench's hold figures (issue 16). The load generator
// shares this machine's two cores with the server and the database, and whatever it spends per
// request the figures count as server latency. node:http's client (ClientRequest, the agent's
// pool, IncomingMessage streams) cost it about 0.33 ms of CPU per hold in the rush's shape; this
// writes the request as one buffer on a plain socket and reads the answer by Content-Length or
// chunks, about a third of that, so the figures come closer to what players on their own devices
// would see. One connection per player, kept alive and reused for its next request, as a browser
// does; a request waits for the one before it (no pipelining).
import { connect, type Socket } from "node:net";

export type HttpAnswer = { status: number; text: string };

const HEAD_END = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");

type Waiting = { resolve: (answer: HttpAnswer) => void; reject: (err: Error) => void };

/**
 * Reads one answer from the front of `data`: the answer and the bytes after it, or null while it is
 * incomplete. Throws on an answer it cannot frame (no length, not chunked).
 */
export function readAnswer(data: Buffer): { answer: HttpAnswer; rest: Buffer } | null {
  const headEnd = data.indexOf(HEAD_END);
  if (headEnd < 0) return null;
  const head = data.toString("latin1", 0, headEnd);
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
  if (!Number.isInteger(status)) throw new Error(`not an HTTP/1.1 answer: ${head.slice(0, 40)}`);
  const bodyStart = headEnd + HEAD_END.length;
  const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
  if (length) {
    const end = bodyStart + Number(length[1]);
    if (data.length < end) return null;
    return { answer: { status, text: data.toString("utf8", bodyStart, end) }, rest: data.subarray(end) };
  }
  if (/\r\ntransfer-encoding:[ \t]*chunked/i.test(head)) {
    const parts: Buffer[] = [];
    let at = bodyStart;
    for (;;) {
      const lineEnd = data.indexOf(CRLF, at);
      if (lineEnd < 0) return null;
      const size = Number.parseInt(data.toString("latin1", at, lineEnd), 16);
      if (Number.isNaN(size)) throw new Error("a chunk without a size");
      const chunkStart = lineEnd + CRLF.length;
      if (size === 0) {
        // No trailers from our server: the last chunk is followed by one empty line.
        if (data.length < chunkStart + CRLF.length) return null;
        const text = Buffer.concat(parts).toString("utf8");
        return { answer: { status, text }, rest: data.subarray(chunkStart + CRLF.length) };
      }
      if (data.length < chunkStart + size + CRLF.length) return null;
      parts.push(data.subarray(chunkStart, chunkStart + size));
      at = chunkStart + size + CRLF.length;
    }
  }
  if (status === 204 || status === 304)
    return { answer: { status, text: "" }, rest: data.subarray(bodyStart) };
  throw new Error(`an answer (${status}) with neither Content-Length nor chunks`);
}

export class PlayerConnection {
  private socket: Socket | null = null;
  private received: Buffer = Buffer.alloc(0);
  private waiting: Waiting | null = null;
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string) {
    const url = new URL(baseUrl);
    if (url.protocol !== "http:")
      throw new Error(`the bench's client speaks plain HTTP, not ${url.protocol}`);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
  }

  /** POSTs a JSON body; resolves with the status and text, rejects on a refused or reset connection. */
  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    return this.send("POST", path, JSON.stringify(body), { "content-type": "application/json", ...headers });
  }

  /** GETs a path (a page, JSON or a redirect: the answer is not followed). */
  get(path: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    return this.send("GET", path, null, headers);
  }

  /** Any request; a POST without a body sends `content-length: 0`, as a form with no fields does. */
  send(
    method: string,
    path: string,
    payload: string | null,
    headers: Record<string, string> = {},
  ): Promise<HttpAnswer> {
    if (this.waiting) return Promise.reject(new Error("one request at a time on a player's connection"));
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    if (payload !== null || method !== "GET")
      head += `content-length: ${Buffer.byteLength(payload ?? "")}\r\n`;
    for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
    const socket = this.socket ?? this.open();
    return new Promise<HttpAnswer>((resolve, reject) => {
      this.waiting = { resolve, reject };
      socket.write(`${head}\r\n${payload ?? ""}`);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): Socket {
    const socket = connect({ host: this.host, port: this.port, noDelay: true });
    this.socket = socket;
    this.received = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
      this.deliver();
    });
    const lost = (err: Error) => {
      if (this.socket === socket) this.socket = null;
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.reject(err);
    };
    socket.on("error", lost);
    socket.on("close", () =>
      lost(Object.assign(new Error("the server closed the connection"), { code: "ECONNRESET" })),
    );
    return socket;
  }

  private deliver(): void {
    const waiting = this.waiting;
    if (!waiting) return;
    let read: ReturnType<typeof readAnswer>;
    try {
      read = readAnswer(this.received);
    } catch (err) {
      this.waiting = null;
      this.close();
      waiting.reject(err as Error);
      return;
    }
    if (!read) return;
    this.received = read.rest;
    this.waiting = null;
    waiting.resolve(read.answer);
  }
}
