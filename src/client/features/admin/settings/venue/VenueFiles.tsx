import { Anchor, Button, FileInput, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { notifySuccess } from "../../../../lib/notify";
import { useFormError } from "../../../../lib/use-form-error";
import { useUploadVenueFile, type VenueFileKind } from "../api/upload-venue-file";

function FileUpload({
  kind,
  label,
  accept,
  hint,
}: {
  kind: VenueFileKind;
  label: string;
  accept: string;
  hint: string;
}) {
  const upload = useUploadVenueFile();
  const [file, setFile] = useState<File | null>(null);
  const { error, setError, fail } = useFormError();
  const send = () => {
    if (!file) {
      setError("Choose a file to upload");
      return;
    }
    upload.mutate(
      { kind, file },
      {
        onSuccess: () => {
          setFile(null);
          setError(null);
          notifySuccess(kind === "logo" ? "Logo uploaded" : "Waiver uploaded");
        },
        onError: (err) => fail(err, "Upload failed"),
      },
    );
  };
  return (
    <Group align="flex-end" wrap="wrap">
      <FileInput
        label={label}
        description={hint}
        accept={accept}
        value={file}
        onChange={(f) => {
          setFile(f);
          setError(null);
        }}
        error={error}
        clearable
        style={{ flex: "1 1 220px" }}
      />
      <Button onClick={send} loading={upload.isPending} variant="default">
        Upload
      </Button>
    </Group>
  );
}

/** The logo (an image, re-encoded on the server) and the liability waiver (a PDF), checked by content. */
export function VenueFiles({ logoUrl, waiverUrl }: { logoUrl: string; waiverUrl: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Title order={3} size="h4">
          Logo and waiver
        </Title>
        <Group gap="sm">
          <Image src={logoUrl} alt="Current logo" w={48} h={48} fit="contain" />
          <Text size="sm">Current logo</Text>
        </Group>
        <FileUpload
          kind="logo"
          label="New logo"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hint="JPEG, PNG, GIF or WebP, 2 MB at most"
        />
        <Anchor href={waiverUrl} target="_blank" rel="noopener noreferrer" size="sm">
          Current liability waiver (PDF)
        </Anchor>
        <FileUpload kind="waiver" label="New waiver" accept="application/pdf" hint="PDF, 5 MB at most" />
      </Stack>
    </Paper>
  );
}
