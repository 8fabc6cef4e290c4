import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { sizedBodyLimit } from "./body-limit";

function app() {
  const a = new Hono();
  a.use("*", sizedBodyLimit({ maxSize: 16, onError: (c) => c.json({ error: { code: "VALIDATION" } }, 413) }));
  a.post("/", async (c) => c.json({ got: await c.req.text() }));
  a.post("/unread", (c) => c.json({ ok: true }));
  return a;
}

/** A request whose body stream is watched: reading `body` is what turns Node's light request into a full one. */
function watched(body: BodyInit, headers: Record<string, string>, path = "/") {
  const request = new Request(`http://venue.test${path}`, {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
  const touched = { body: 0 };
  const original = Object.getOwnPropertyDescriptor(Request.prototype, "body")?.get;
  Object.defineProperty(request, "body", {
    get() {
      touched.body++;
      return original?.call(request);
    },
  });
  return { request, touched };
}

function stream(text: string) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const ch of text) controller.enqueue(new TextEncoder().encode(ch));
      controller.close();
    },
  });
}

describe("sizedBodyLimit", () => {
  it("lets a body within the limit through, judged by Content-Length without touching the stream", async () => {
    const read = await app().fetch(watched("0123456789", { "content-length": "10" }).request);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ got: "0123456789" });
    const { request, touched } = watched("0123456789", { "content-length": "10" }, "/unread");
    expect((await app().fetch(request)).status).toBe(200);
    expect(touched.body).toBe(0);
  });

  it("refuses a declared length over the limit with the API's answer, before anything is read", async () => {
    const { request, touched } = watched("x".repeat(17), { "content-length": "17" });
    const response = await app().fetch(request);
    expect(response.status).toBe(413);
    expect(touched.body).toBe(0);
  });

  it("counts a body sent without a length (chunked) and refuses it once it passes the limit", async () => {
    const small = await app().fetch(
      new Request("http://venue.test/", {
        method: "POST",
        body: stream("short"),
        duplex: "half",
      } as RequestInit),
    );
    expect(small.status).toBe(200);
    const big = await app().fetch(
      new Request("http://venue.test/", {
        method: "POST",
        body: stream("y".repeat(40)),
        duplex: "half",
      } as RequestInit),
    );
    expect(big.status).toBe(413);
  });

  it("does not trust a length sent beside Transfer-Encoding", async () => {
    const response = await app().fetch(
      new Request("http://venue.test/", {
        method: "POST",
        body: stream("z".repeat(40)),
        headers: { "content-length": "3", "transfer-encoding": "chunked" },
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).not.toBe(200);
  });
});
