import { describe, expect, it } from "vitest";
import { checkFormState, initialFormState, recurringPreview, toEventInput } from "./event-form-state";

const filled = {
  ...initialFormState("2026-11-23"),
  name: "Winter Cup",
  type: "tournament" as const,
  startTime: "09:00",
  endTime: "13:00",
  courts: [3, 1],
  memberPrice: "25",
  nonMemberPrice: 32.5,
  addSkillLevels: true,
  skillLevels: ["3.0", "3.5"],
};

describe("the create/edit form", () => {
  it("starts with the spec's defaults", () => {
    const s = initialFormState();
    expect(s).toMatchObject({
      type: "open_play",
      maxParticipants: 16,
      memberPrice: 0,
      frequency: "weekly",
      occurrences: 4,
    });
  });

  it("sends prices in cents, courts in order, skill levels only when enabled", () => {
    expect(toEventInput(filled, { recurrence: true })).toMatchObject({
      memberPriceCents: 2500,
      nonMemberPriceCents: 3250,
      courts: [1, 3],
      skillLevels: ["3.0", "3.5"],
      recurrence: null,
    });
    expect(toEventInput({ ...filled, addSkillLevels: false }, { recurrence: true }).skillLevels).toEqual([]);
    expect(toEventInput({ ...filled, isRecurring: true }, { recurrence: true }).recurrence).toEqual({
      frequency: "weekly",
      count: 4,
    });
    // Edit has no recurrence.
    expect(toEventInput({ ...filled, isRecurring: true }, { recurrence: false }).recurrence).toBeNull();
  });

  it.each([
    [{ courts: [] }, null, "Please select at least one court"],
    [{ courts: [], type: "foodie" as const }, null, null],
    [{ memberPrice: "-1" }, null, "Prices must be at least 0"],
    [{ memberPrice: "abc" }, null, "Prices must be at least 0"],
    [{}, { size: 5 * 1024 * 1024 + 1 }, "File size must be less than 5MB"],
    [{}, { size: 5 * 1024 * 1024 }, null],
    [{ isRecurring: true, occurrences: 13 }, null, "Number of occurrences must be 2–12"],
  ])("%j with photo %j → %s", (overrides, photo, message) => {
    expect(checkFormState({ ...filled, ...overrides }, photo as File | null, { recurrence: true })).toBe(
      message,
    );
  });

  it("previews the recurring dates", () => {
    expect(
      recurringPreview({
        ...filled,
        isRecurring: true,
        frequency: "monthly",
        occurrences: 3,
        date: "2027-01-31",
      }),
    ).toEqual(["2027-01-31", "2027-02-28", "2027-03-31"]);
    expect(recurringPreview({ ...filled, isRecurring: true, occurrences: 1 })).toEqual([]);
    expect(recurringPreview(filled)).toEqual([]);
  });
});
