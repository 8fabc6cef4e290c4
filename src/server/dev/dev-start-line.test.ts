import { describe, expect, it } from "vitest";
import { devStartLine } from "./dev-start-line";

describe("the line development prints when ready", () => {
  it("names the address and, marked demo only, the demo accounts, on one line", () => {
    const line = devStartLine(
      "http://localhost:3000",
      [
        { email: "admin@x.example", password: "demo-admin" },
        { email: "member@x.example", password: "demo-member" },
      ],
      false,
    );
    expect(line).toBe(
      "Open http://localhost:3000 · demo accounts (demo only): admin@x.example / demo-admin, member@x.example / demo-member",
    );
    expect(line).not.toContain("\n");
  });

  it("without demo accounts (removed, or never seeded): the address alone", () => {
    expect(devStartLine("http://localhost:5173", [], false)).toBe("Open http://localhost:5173");
  });

  it("the address in bold on a colour terminal", () => {
    expect(devStartLine("http://localhost:3000", [], true)).toBe(
      "Open \u001b[1mhttp://localhost:3000\u001b[22m",
    );
  });
});
