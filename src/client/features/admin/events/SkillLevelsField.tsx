import { Button, Checkbox, Group, Pill, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { addSkillLevel } from "../../../../domain/event-form";

/** SPEC §2 "Add Skill Levels": a text input with Add, and removable chips; unchecking clears them. */
export function SkillLevelsField({
  enabled,
  levels,
  onChange,
}: {
  enabled: boolean;
  levels: string[];
  onChange: (next: { enabled: boolean; levels: string[] }) => void;
}) {
  const [text, setText] = useState("");
  const add = () => {
    onChange({ enabled, levels: addSkillLevel(levels, text) });
    setText("");
  };
  return (
    <Stack gap="xs">
      <Checkbox
        label="Add Skill Levels"
        checked={enabled}
        onChange={(e) =>
          onChange({ enabled: e.currentTarget.checked, levels: e.currentTarget.checked ? levels : [] })
        }
      />
      {enabled && (
        <>
          <Group gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              placeholder="Enter skill level"
              aria-label="Enter skill level"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <Button variant="light" onClick={add}>
              Add
            </Button>
          </Group>
          {levels.length > 0 && (
            <Pill.Group>
              {levels.map((level) => (
                <Pill
                  key={level}
                  size="md"
                  withRemoveButton
                  // Mantine hides the remove button from the keyboard and screen readers by default.
                  removeButtonProps={{ "aria-label": `Remove ${level}`, "aria-hidden": false, tabIndex: 0 }}
                  onRemove={() => onChange({ enabled, levels: levels.filter((l) => l !== level) })}
                >
                  {level}
                </Pill>
              ))}
            </Pill.Group>
          )}
        </>
      )}
    </Stack>
  );
}
