import { FileInput, Image, Stack } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { EVENT_FORM_MESSAGES } from "../../../../domain/event-form";
import { EVENT_PHOTO_MAX_BYTES } from "../../../../domain/event-photo";
import { notifyError } from "../../../lib/notify";

/**
 * SPEC §2 Event Photo ("Choose File", images only, at most 5 MB). Edit shows the current photo and
 * the label "Change Photo". The server checks the file's bytes again (DECISIONS.md).
 */
export function PhotoField({
  file,
  currentUrl,
  onChange,
}: {
  file: File | null;
  currentUrl?: string | null;
  onChange: (file: File | null) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (next: File | null) => {
    if (next && next.size > EVENT_PHOTO_MAX_BYTES) {
      setError(EVENT_FORM_MESSAGES.fileSize);
      notifyError(EVENT_FORM_MESSAGES.fileSize);
      onChange(null);
      return;
    }
    if (next && !next.type.startsWith("image/")) {
      setError(EVENT_FORM_MESSAGES.fileType);
      onChange(null);
      return;
    }
    setError(null);
    onChange(next);
  };

  const shown = preview ?? currentUrl ?? null;
  return (
    <Stack gap={6}>
      {shown && (
        <Image
          src={shown}
          alt={preview ? "Chosen photo" : "Current photo"}
          radius="sm"
          mah={160}
          w="auto"
          fit="contain"
        />
      )}
      <FileInput
        label={currentUrl ? "Change Photo" : "Event Photo"}
        placeholder="Choose File"
        accept="image/jpeg,image/png,image/gif,image/webp"
        leftSection={<IconPhoto size={16} aria-hidden />}
        clearable
        value={file}
        onChange={choose}
        error={error}
      />
    </Stack>
  );
}
