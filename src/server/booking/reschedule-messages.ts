/** The words of a refused or failed self-service move (issue 14 item 3), with the venue's phone. */
export const RESCHEDULE_MESSAGES = {
  off: (phone: string) => `To cancel or reschedule, please call us at ${phone}.`,
  tooLate: (hours: number, phone: string) =>
    `Online changes close ${hours} hours before the start. To reschedule, please call us at ${phone}.`,
  tooSoon: (hours: number) => `Please choose a time at least ${hours} hours from now`,
  notFound: "Reservation not found",
  refundFailed: (phone: string) => `Refund failed. Please try again or call us at ${phone}.`,
} as const;
