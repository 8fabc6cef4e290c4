import { Button, ColorInput, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import type { VenueIdentityBody } from "../../../../../contracts/venue";
import { LoadError } from "../../../../components/LoadError";
import { PageLoader } from "../../../../components/layout/AppLayout";
import { ApiError, errorMessage } from "../../../../lib/api";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { useVenueIdentity } from "../api/get-venue-identity";
import { useSaveVenueIdentity } from "../api/save-venue-identity";
import { VenueFiles } from "./VenueFiles";

type Field = keyof VenueIdentityBody;

const FIELDS: Array<{ name: Field; label: string; description?: string }> = [
  { name: "venueName", label: "Venue name" },
  { name: "clubName", label: "Club name", description: "The membership's name: Join …, member pricing at …" },
  { name: "phone", label: "Phone" },
  { name: "email", label: "Email" },
  { name: "address", label: "Address" },
  {
    name: "policyHost",
    label: "Policy pages' host",
    description: "Where the privacy, terms and refund pages live, e.g. example.com",
  },
  { name: "privacyUrl", label: "Privacy policy link", description: "Empty: https://host/privacy-policy" },
  { name: "termsUrl", label: "Terms link", description: "Empty: https://host/terms-and-conditions" },
  { name: "refundUrl", label: "Refund policy link", description: "Empty: https://host/refund-policy" },
];

/**
 * Settings › Venue (issue 31 item 4): the venue's name, contact, policy links and colour, and its
 * logo and waiver. The page frame, the emails, the .ics files and the signup page read them.
 */
export default function VenueSection() {
  const identity = useVenueIdentity();
  const save = useSaveVenueIdentity();
  const [draft, setDraft] = useState<VenueIdentityBody | null>(null);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  useEffect(() => {
    if (identity.data && !draft) {
      const { logoUrl: _logo, waiverUrl: _waiver, ...body } = identity.data;
      setDraft(body);
    }
  }, [identity.data, draft]);

  if (identity.isError) {
    return (
      <LoadError
        message={errorMessage(identity.error, "Failed to load settings")}
        onRetry={identity.refetch}
        retrying={identity.isRefetching}
      />
    );
  }
  if (!draft || !identity.data) return <PageLoader />;

  const set = (name: Field, value: string) => {
    setDraft({ ...draft, [name]: value });
    if (fieldError?.field === name) setFieldError(null);
  };
  const errorOf = (name: Field) => (fieldError?.field === name ? fieldError.message : undefined);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: () => {
        setFieldError(null);
        notifySuccess("Venue details saved");
      },
      onError: (err) => {
        const message = errorMessage(err, "Failed to save settings");
        if (err instanceof ApiError && err.field) setFieldError({ field: err.field, message });
        notifyError(message);
      },
    });
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-labelledby="venue-details">
        <Stack gap="md">
          <Title order={3} size="h4" id="venue-details">
            Name and contact
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map((f) => (
              <TextInput
                key={f.name}
                label={f.label}
                description={f.description}
                value={draft[f.name]}
                error={errorOf(f.name)}
                required={!f.name.endsWith("Url")}
                onChange={(e) => set(f.name, e.currentTarget.value)}
              />
            ))}
            <ColorInput
              label="Brand colour"
              description="Buttons and links; white text on it must stay readable"
              format="hex"
              value={draft.brandColor}
              error={errorOf("brandColor")}
              onChange={(value) => set("brandColor", value)}
              withEyeDropper={false}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save Venue Details
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            Saved details show at once on every page, in new emails and in calendar files.
          </Text>
        </Stack>
      </Paper>
      <VenueFiles logoUrl={identity.data.logoUrl} waiverUrl={identity.data.waiverUrl} />
    </Stack>
  );
}
