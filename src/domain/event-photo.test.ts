import { describe, expect, it } from "vitest";
import { detectImageKind } from "./event-photo";

const bytes = (...values: number[]) => new Uint8Array([...values, 0, 0, 0, 0]);
const text = (s: string) => new TextEncoder().encode(s);

describe("detectImageKind (uploads checked by content)", () => {
  it.each([
    [bytes(0xff, 0xd8, 0xff, 0xe0), "jpeg"],
    [bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), "png"],
    [text("GIF89a...."), "gif"],
    [text("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "), "webp"],
    [text("RIFF\u0000\u0000\u0000\u0000WAVEfmt "), null],
    [text("hello, I am a text file named photo.jpg"), null],
    [text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), null],
    [new Uint8Array([0xff, 0xd8]), null],
    [new Uint8Array([]), null],
  ])("%#: %s", (input, kind) => {
    expect(detectImageKind(input)).toBe(kind);
  });
});
