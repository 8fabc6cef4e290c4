// The public events screens' query keys, shared by their endpoint files (one file per endpoint beside this).

export const eventKeys = {
  all: ["events"] as const,
  list: (userId: string | null) => ["events", "list", userId] as const,
  detail: (id: string, userId: string | null) => ["events", "detail", id, userId] as const,
};
