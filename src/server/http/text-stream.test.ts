import { describe, expect, it, vi } from "vitest";
import { textStream } from "./text-stream";

const read = (body: ReadableStream<Uint8Array>) => new Response(body).text();

describe("textStream", () => {
  it("gives the generator's pieces in order and ends with it", async () => {
    async function* pieces() {
      yield "a,b\r\n";
      yield "";
      yield "1,é\r\n";
    }
    const onError = vi.fn();
    expect(await read(textStream(pieces(), onError))).toBe("a,b\r\n1,é\r\n");
    expect(onError).not.toHaveBeenCalled();
  });

  it("errors the body when the generator fails part way, after telling onError", async () => {
    const failure = new Error("the database went away");
    async function* pieces() {
      yield "a,b\r\n";
      throw failure;
    }
    const onError = vi.fn();
    await expect(read(textStream(pieces(), onError))).rejects.toBe(failure);
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it("stops the generator when the reader goes away, and reads nothing more", async () => {
    let produced = 0;
    let finished = false;
    async function* pieces() {
      try {
        for (;;) {
          produced++;
          yield "row\r\n";
        }
      } finally {
        finished = true;
      }
    }
    const reader = textStream(pieces(), () => {}).getReader();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);
    const after = produced;
    await new Promise((r) => setTimeout(r, 10));
    expect(produced).toBe(after);
  });
});
