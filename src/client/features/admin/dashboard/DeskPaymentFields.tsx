import { NativeSelect, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import type { AdminFacilityType } from "../../../../contracts/admin";
import {
  centsFromDollarsText,
  checkDeskPrice,
  DESK_MESSAGES,
  DESK_METHOD_LABELS,
  DESK_PAYMENT_METHODS,
  type DeskPaymentMethod,
  deskTotalCents,
} from "../../../../domain/desk-payments";
import { centsToDollarsString, formatCents } from "../../../../domain/money";
import { useDeskPrice } from "./api/get-desk-price";

type Slot = { date: string; facilityType: AdminFacilityType; startTime: string; duration: number };

/**
 * Issue 32 item 4: the desk booking's price (the rate card's for the chosen slot, until staff type
 * their own) and how it was paid. The server checks both again; this only keeps what was typed.
 */
export function useDeskPayment(slot: Slot) {
  const [priceText, setPriceText] = useState("0.00");
  const [edited, setEdited] = useState(false);
  const [method, setMethod] = useState<DeskPaymentMethod>("unpaid");
  const quote = useDeskPrice({ ...slot, startTime: slot.startTime || null });
  const quoted = quote.data?.nonMemberPriceCents;

  // A new slot starts again from the card's price.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the slot's parts are the trigger
  useEffect(() => setEdited(false), [slot.date, slot.facilityType, slot.startTime, slot.duration]);
  useEffect(() => {
    if (!edited) setPriceText(centsToDollarsString(quoted ?? 0));
  }, [edited, quoted]);

  const cents = checkDeskPrice(centsFromDollarsText(priceText));
  return {
    priceText,
    setPriceText: (text: string) => {
      setEdited(true);
      setPriceText(text);
    },
    method,
    setMethod,
    /** Whole cents from 0 to $10,000, or null while what is typed is not such a price. */
    cents,
    reset: () => {
      setEdited(false);
      setMethod("unpaid");
    },
  };
}

type Props = {
  desk: ReturnType<typeof useDeskPayment>;
  facilityLabel: string;
  facilities: number;
};

export function DeskPaymentFields({ desk, facilityLabel, facilities }: Props) {
  // The server charges deskTotalCents too (create-manual-reservations.ts): the same figure shown here.
  const total = desk.cents !== null && facilities > 1 ? deskTotalCents(desk.cents, facilities) : null;
  return (
    <>
      <TextInput
        label={`Price per ${facilityLabel} ($)`}
        inputMode="decimal"
        value={desk.priceText}
        onChange={(e) => desk.setPriceText(e.currentTarget.value)}
        error={desk.cents === null ? DESK_MESSAGES.price : undefined}
        description={
          total !== null
            ? `Total ${formatCents(total)} for ${facilities}`
            : "From the rate card; you can change it"
        }
      />
      <NativeSelect
        label="Payment"
        value={desk.method}
        onChange={(e) => desk.setMethod(e.currentTarget.value as DeskPaymentMethod)}
        data={DESK_PAYMENT_METHODS.map((m) => ({ value: m, label: DESK_METHOD_LABELS[m] }))}
      />
      {desk.cents !== null && desk.cents > 0 && desk.method !== "unpaid" && (
        <Text size="sm" c="dimmed" aria-live="polite">
          A receipt goes to the email address, when one is given.
        </Text>
      )}
    </>
  );
}
