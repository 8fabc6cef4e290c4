// The membership screens' query keys, shared by their endpoint files (one file per endpoint beside this).

export const membershipKeys = {
  freeSlots: (userId: string | null, date: string | null) =>
    ["membership", "free-slots", userId, date] as const,
  freeSlotsAll: ["membership", "free-slots"] as const,
  myReservations: (userId: string | null) => ["membership", "my-reservations", userId] as const,
};
