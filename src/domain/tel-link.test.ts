import { describe, expect, it } from "vitest";
import { telHref } from "./tel-link";

describe("telHref", () => {
  it.each([
    ["(512) 555-0142", "tel:+15125550142"],
    ["1-512-555-0142", "tel:+15125550142"],
    ["+44 20 7946 0958", "tel:+442079460958"],
  ])("%s → %s", (phone, href) => expect(telHref(phone)).toBe(href));
});
