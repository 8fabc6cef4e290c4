import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlayerConnection, readAnswer } from "./http-client";

describe("readAnswer", () => {
  const body = '{"a":"é"}';
  const lengthAnswer = `HTTP/1.1 409 Conflict\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

  it("frames an answer by Content-Length (in bytes) and keeps what follows", () => {
    const data = Buffer.concat([Buffer.from(lengthAnswer), Buffer.from("HTTP/1.1 200")]);
    const read = readAnswer(data);
    expect(read?.answer).toEqual({ status: 409, text: '{"a":"é"}' });
    expect(read?.rest.toString()).toBe("HTTP/1.1 200");
  });

  it("waits for the rest of a body that has not all arrived", () => {
    const whole = Buffer.from(lengthAnswer);
    expect(readAnswer(whole.subarray(0, whole.length - 1))).toBeNull();
    expect(readAnswer(whole.subarray(0, 20))).toBeNull();
  });

  it("joins chunks, and waits for the last one", () => {
    const chunked =
      'HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{"a\r\n5\r\n":1}\n\r\n0\r\n\r\n';
    expect(readAnswer(Buffer.from(chunked))?.answer).toEqual({ status: 201, text: '{"a":1}\n' });
    expect(readAnswer(Buffer.from(chunked.slice(0, -2)))).toBeNull();
  });

  it("refuses an answer it cannot frame", () => {
    expect(() => readAnswer(Buffer.from("HTTP/1.1 200 OK\r\n\r\nbody"))).toThrow(
      /neither Content-Length nor chunks/,
    );
  });
});

describe("PlayerConnection", () => {
  let server: Server;
  let url = "";
  const seen: Array<{ socket: unknown; body: string; forwarded: string | undefined }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        seen.push({
          socket: req.socket,
          body,
          forwarded: req.headers["x-forwarded-for"] as string | undefined,
        });
        if (req.url === "/chunked") {
          res.writeHead(200, { "content-type": "application/json" });
          res.write('{"part":');
          setTimeout(() => res.end("2}"), 5);
        } else {
          res.writeHead(req.url === "/gone" ? 410 : 201, { "content-type": "application/json" });
          res.end(JSON.stringify({ echo: JSON.parse(body) }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (typeof address !== "object" || !address) throw new Error("no address");
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("posts JSON with the player's headers and reuses one connection", async () => {
    const connection = new PlayerConnection(url);
    const first = await connection.post("/holds", { n: 1, name: "Zoë" }, { "x-forwarded-for": "198.18.0.1" });
    const second = await connection.post("/gone", { n: 2 });
    const third = await connection.post("/chunked", {});
    connection.close();
    expect(first).toEqual({ status: 201, text: '{"echo":{"n":1,"name":"Zoë"}}' });
    expect(second).toEqual({ status: 410, text: '{"echo":{"n":2}}' });
    expect(third).toEqual({ status: 200, text: '{"part":2}' });
    const mine = seen.slice(-3);
    expect(mine[0]?.forwarded).toBe("198.18.0.1");
    expect(mine[1]?.socket).toBe(mine[0]?.socket);
    expect(mine[2]?.socket).toBe(mine[0]?.socket);
  });

  it("rejects with the socket's code when nothing listens", async () => {
    const idle = createServer();
    await new Promise<void>((resolve) => idle.listen(0, "127.0.0.1", resolve));
    const address = idle.address();
    if (typeof address !== "object" || !address) throw new Error("no address");
    await new Promise<void>((resolve) => idle.close(() => resolve()));
    const connection = new PlayerConnection(`http://127.0.0.1:${address.port}`);
    await expect(connection.post("/holds", {})).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
