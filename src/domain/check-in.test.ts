import { describe, expect, it } from "vitest";
import {
  CHECK_IN_MESSAGES,
  checkInRefusal,
  noShowRefusal,
  parseCheckInCode,
  registrationCheckInRefusal,
  undoCheckInRefusal,
  undoNoShowRefusal,
} from "./check-in";
import { venueInstant } from "./venue-time";

const booked = {
  date: "2026-11-23",
  startTime: "18:00:00",
  status: "confirmed",
  checkedInAt: null,
  noShowAt: null,
};
/** 5:30 PM at the venue on the booking's day (CST, UTC-6). */
const sameDayBefore = new Date("2026-11-23T23:30:00Z");
const sameDayAfter = new Date("2026-11-24T00:01:00Z"); // 6:01 PM at the venue, still Nov 23

describe("parseCheckInCode", () => {
  it.each([
    ["BK-3F2A9C1D", "booking", "BK-3F2A9C1D"],
    [" bk 3f2a 9c1d ", "booking", "BK-3F2A9C1D"],
    ["3f2a9c1d", "booking", "BK-3F2A9C1D"],
    ["EV-00AB12CD", "registration", "EV-00AB12CD"],
    ["ev00ab12cd", "registration", "EV-00AB12CD"],
  ])("reads %j as a %s", (input, kind, reference) => {
    expect(parseCheckInCode(input)).toMatchObject({ kind, reference });
  });

  it.each(["", "BK-3F2A9C1", "BK-3F2A9C1DX", "XX-3F2A9C1D", "BK-GGGGGGGG", "https://x/manage/abc"])(
    "refuses %j",
    (input) => {
      expect(parseCheckInCode(input)).toBeNull();
    },
  );
});

describe("checkInRefusal", () => {
  it("checks a confirmed booking in on its day, before or after its start", () => {
    expect(checkInRefusal(booked, sameDayBefore)).toBeNull();
    expect(checkInRefusal(booked, sameDayAfter)).toBeNull();
  });

  it("refuses another day, naming the booking's day", () => {
    expect(checkInRefusal(booked, new Date("2026-11-22T23:30:00Z"))).toBe(
      "This booking is for Mon, Nov 23, not today",
    );
    // 12:30 AM on Nov 24 at the venue is another day, though it is still Nov 24 06:30 UTC.
    expect(checkInRefusal(booked, new Date("2026-11-24T06:30:00Z"))).toBe(
      CHECK_IN_MESSAGES.anotherDay("2026-11-23"),
    );
  });

  it("refuses twice, a no-show, a pending and a cancelled booking", () => {
    const at = new Date("2026-11-23T23:02:00Z");
    expect(checkInRefusal({ ...booked, checkedInAt: at }, sameDayAfter)).toBe(
      "Already checked in at 5:02 PM",
    );
    expect(checkInRefusal({ ...booked, noShowAt: at }, sameDayAfter)).toBe(
      "Marked a no-show on Mon, Nov 23, 5:02 PM: it cannot be checked in",
    );
    expect(checkInRefusal({ ...booked, status: "pending" }, sameDayAfter)).toBe(
      CHECK_IN_MESSAGES.notConfirmed,
    );
    expect(checkInRefusal({ ...booked, status: "cancelled" }, sameDayAfter)).toBe(
      CHECK_IN_MESSAGES.cancelled,
    );
  });
});

describe("noShowRefusal", () => {
  it("is refused before the start, with the start time in venue time", () => {
    expect(noShowRefusal(booked, sameDayBefore)).toBe(
      "A no-show can be marked only after the start time (Mon, Nov 23, 6:00 PM)",
    );
    expect(noShowRefusal(booked, new Date(venueInstant("2026-11-23", "18:00").getTime() - 1))).not.toBeNull();
  });

  it("is allowed from the start on, that day or later", () => {
    expect(noShowRefusal(booked, venueInstant("2026-11-23", "18:00"))).toBeNull();
    expect(noShowRefusal(booked, sameDayAfter)).toBeNull();
    expect(noShowRefusal(booked, new Date("2026-11-25T15:00:00Z"))).toBeNull();
  });

  it("on the spring DST day, the start is read in venue time (CDT from 2 AM)", () => {
    const spring = { ...booked, date: "2026-03-08", startTime: "09:00" };
    expect(noShowRefusal(spring, new Date("2026-03-08T13:59:00Z"))).not.toBeNull();
    expect(noShowRefusal(spring, new Date("2026-03-08T14:00:00Z"))).toBeNull();
  });

  it("refuses a checked-in booking, a second no-show, and unconfirmed ones", () => {
    const at = new Date("2026-11-24T00:30:00Z");
    expect(noShowRefusal({ ...booked, checkedInAt: at }, sameDayAfter)).toBe(
      CHECK_IN_MESSAGES.noShowCheckedIn,
    );
    expect(noShowRefusal({ ...booked, noShowAt: at }, sameDayAfter)).toBe(
      "Already marked a no-show on Mon, Nov 23, 6:30 PM",
    );
    expect(noShowRefusal({ ...booked, status: "pending" }, sameDayAfter)).toBe(
      CHECK_IN_MESSAGES.notConfirmed,
    );
    expect(noShowRefusal({ ...booked, status: "cancelled" }, sameDayAfter)).toBe(CHECK_IN_MESSAGES.cancelled);
  });
});

describe("registrationCheckInRefusal", () => {
  const registration = { status: "confirmed", eventDate: "2026-11-23", checkedInAt: null };
  it("checks a confirmed registration in on the event's day, once", () => {
    expect(registrationCheckInRefusal(registration, sameDayBefore)).toBeNull();
    expect(
      registrationCheckInRefusal(
        { ...registration, checkedInAt: new Date("2026-11-23T23:10:00Z") },
        sameDayAfter,
      ),
    ).toBe("Already checked in at 5:10 PM");
    expect(registrationCheckInRefusal(registration, new Date("2026-11-20T18:00:00Z"))).toBe(
      "This event is on Mon, Nov 23, not today",
    );
    expect(registrationCheckInRefusal({ ...registration, status: "pending" }, sameDayBefore)).toBe(
      CHECK_IN_MESSAGES.registrationNotConfirmed,
    );
  });
});

describe("undoing a no-show or a check-in", () => {
  const at = new Date("2026-11-24T00:10:00Z");
  it("undoes only a no-show, and only a check-in", () => {
    expect(undoNoShowRefusal({ ...booked, noShowAt: at })).toBeNull();
    expect(undoNoShowRefusal(booked)).toBe(CHECK_IN_MESSAGES.notNoShow);
    expect(undoNoShowRefusal({ ...booked, checkedInAt: at })).toBe(CHECK_IN_MESSAGES.notNoShow);
    expect(undoCheckInRefusal({ ...booked, checkedInAt: at })).toBeNull();
    expect(undoCheckInRefusal(booked)).toBe(CHECK_IN_MESSAGES.notCheckedIn);
    expect(undoCheckInRefusal({ ...booked, noShowAt: at })).toBe(CHECK_IN_MESSAGES.notCheckedIn);
  });

  it("leaves an undone no-show checkable in on its day, and markable again after its start", () => {
    const undone = { ...booked, noShowAt: null };
    expect(checkInRefusal(undone, sameDayAfter)).toBeNull();
    expect(noShowRefusal(undone, sameDayAfter)).toBeNull();
  });
});
