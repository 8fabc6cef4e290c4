import { notifications } from "@mantine/notifications";

// SPEC §2 / §9 Notifications: bottom right, 4000 ms (set once on <Notifications>).
export const notifySuccess = (message: string) => notifications.show({ message, color: "teal" });
export const notifyError = (message: string) => notifications.show({ message, color: "red" });
export const notifyInfo = (message: string) => notifications.show({ message, color: "blue" });
