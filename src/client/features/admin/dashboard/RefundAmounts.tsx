import { Radio, Stack, Table, Text, TextInput } from "@mantine/core";
import type { RefundQuoteResponse } from "../../../../contracts/desk-payments";
import { PAYMENT_METHOD_LABELS } from "../../../../domain/desk-payments";
import { formatCents } from "../../../../domain/money";
import type { RefundScope } from "../../../../domain/refund-amounts";

type Props = {
  quote: RefundQuoteResponse;
  scope: RefundScope;
  onScope: (scope: RefundScope) => void;
  amountText: string;
  onAmountText: (text: string) => void;
  amountError: string | null;
  /** What goes back with the chosen scope, or null while the typed amount is not one. */
  refundCents: number | null;
};

/** Issue 32 item 5: what was paid, what is left, what to refund, and what will go back. */
export function RefundAmounts({
  quote,
  scope,
  onScope,
  amountText,
  onAmountText,
  amountError,
  refundCents,
}: Props) {
  const many = quote.items.length > 1;
  return (
    <Stack gap="sm">
      <Table withRowBorders={false} verticalSpacing={2} aria-label="Payment">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">
              Paid{quote.method ? ` (${PAYMENT_METHOD_LABELS[quote.method]})` : ""}
            </Table.Th>
            <Table.Td>{formatCents(quote.paidCents)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Refunded so far</Table.Th>
            <Table.Td>{formatCents(quote.refundedCents)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">Remaining</Table.Th>
            <Table.Td>{formatCents(quote.remainingCents)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {quote.hasPayment && (
        <Radio.Group label="What to refund" value={scope} onChange={(v) => onScope(v as RefundScope)}>
          <Stack gap={6} mt={4}>
            <Radio
              value="reservation"
              label={`This reservation (${formatCents(quote.reservationCents)}), cancelled`}
            />
            {many && (
              <Radio
                value="booking"
                label={`The whole booking: all ${quote.items.length} times (${formatCents(quote.remainingCents)}), cancelled`}
              />
            )}
            <Radio value="amount" label="Part of the payment; the booking stays" />
          </Stack>
        </Radio.Group>
      )}
      {scope === "amount" && (
        <TextInput
          label="Amount to refund ($)"
          inputMode="decimal"
          value={amountText}
          onChange={(e) => onAmountText(e.currentTarget.value)}
          error={amountError}
          data-autofocus
        />
      )}
      <Text fw={700} aria-live="polite">
        Will be refunded: {refundCents === null ? "—" : formatCents(refundCents)}
      </Text>
    </Stack>
  );
}
