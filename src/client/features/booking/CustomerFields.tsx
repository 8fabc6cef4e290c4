import { Anchor, InputBase, Stack, Text, TextInput } from "@mantine/core";
import { SMS_CONSENT_HINT } from "../../../domain/booking-form";
import { useVenue } from "../../lib/venue";
import classes from "./booking.module.css";
import { CheckField } from "./CheckField";
import { type CustomerForm, customerFieldId } from "./use-customer-form";

/** Step 4, Customer Information (SPEC §2 Booking screen, §5 Public booking Form). */
export function CustomerFields({ form }: { form: CustomerForm }) {
  const venue = useVenue();
  const { values, errors, setField } = form;
  const needsConsent = form.showConsentHint && values.phone.trim() !== "" && !values.smsConsent;
  return (
    <Stack gap="sm">
      <TextInput
        label="Name"
        id={customerFieldId("name")}
        size="md"
        autoComplete="name"
        value={values.name}
        onChange={(e) => setField("name", e.currentTarget.value)}
        error={errors.name}
        required
      />
      <TextInput
        label="Email"
        id={customerFieldId("email")}
        type="email"
        size="md"
        autoComplete="email"
        value={values.email}
        onChange={(e) => setField("email", e.currentTarget.value)}
        error={errors.email}
        required
      />
      <TextInput
        label="Phone (optional)"
        id={customerFieldId("phone")}
        description="With a phone, the SMS box below is required."
        type="tel"
        size="md"
        autoComplete="tel"
        inputMode="tel"
        value={values.phone}
        onChange={(e) => setField("phone", e.currentTarget.value)}
      />
      <CheckField
        label="Text me reminders about my reservation (SMS)"
        id={customerFieldId("smsConsent")}
        checked={values.smsConsent}
        onChange={(checked) => setField("smsConsent", checked)}
        error={errors.smsConsent}
        description={needsConsent && !errors.smsConsent ? SMS_CONSENT_HINT : undefined}
      />
      {/* A plain textarea in Mantine's input: it grows with its text through CSS (field-sizing),
          without the code of Mantine's Textarea and its autosize (decision 025). */}
      <InputBase
        component="textarea"
        multiline
        rows={2}
        className={classes.notes}
        label="Notes"
        id={customerFieldId("notes")}
        size="md"
        maxLength={2000}
        value={values.notes}
        onChange={(e) => setField("notes", e.currentTarget.value)}
      />
      <CheckField
        id={customerFieldId("termsAccepted")}
        checked={values.termsAccepted}
        onChange={(checked) => setField("termsAccepted", checked)}
        error={errors.termsAccepted}
        label={
          <Text span size="sm">
            I accept the terms and conditions and the{" "}
            <Anchor href={venue.waiverUrl} target="_blank" rel="noopener noreferrer" size="sm">
              liability waiver
            </Anchor>
          </Text>
        }
      />
    </Stack>
  );
}
