import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "./config";
import { projectRoot } from "./paths";
import { present } from "./present";

// The technician's settings file starts from deploy/venue.env.example: a setting missing there is a
// setting nobody in production knows about.
describe("deploy/venue.env.example", () => {
  const template = readFileSync(join(projectRoot, "deploy", "venue.env.example"), "utf8");
  const listed = new Set(
    [...template.matchAll(/^#?([A-Z][A-Z0-9_]*)=/gm)].map((m) => present(m[1], "variable name")),
  );

  it.each(CONFIG_VARIABLES)("lists %s", (name) => {
    expect(listed).toContain(name);
  });

  it("lists nothing the server does not read", () => {
    expect([...listed].filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
  });

  it("commits no secret", () => {
    for (const name of [
      "AUTH_SECRET",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "SMTP_PASS",
      "MANAGER_PASSWORD",
    ]) {
      expect(template).toMatch(new RegExp(`^${name}=$`, "m"));
    }
  });
});
