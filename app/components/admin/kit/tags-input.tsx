/**
 * A list of short strings (a shop item's tags): typed into a box and added with Enter
 * or the Add button, trimmed, duplicates refused. Each tag is posted as a repeated
 * hidden field under `name`, so the form reads them with getAll.
 */
import { useState } from "react";
import { Plus, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export const DUPLICATE_TAG_MESSAGE = "That tag is already in the list.";

/**
 * `tags` with `raw` added: trimmed; nothing happens for an empty entry, and a tag
 * already present (in any letter case) is refused with a message.
 */
export function addTag(tags: readonly string[], raw: string): { tags: string[]; error?: string } {
  const tag = raw.trim();
  if (tag === "") return { tags: [...tags] };
  const lower = tag.toLowerCase();
  if (tags.some((t) => t.toLowerCase() === lower)) {
    return { tags: [...tags], error: DUPLICATE_TAG_MESSAGE };
  }
  return { tags: [...tags, tag] };
}

export interface TagsInputProps {
  /** The text box's id (the field's label points at it). */
  id: string;
  name: string;
  /** What the list is of, for the remove buttons' names ("Remove tag jazz"). */
  itemLabel?: string;
  defaultValue?: readonly string[];
  placeholder?: string;
  onChange?: (tags: string[]) => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

export function TagsInput({
  id,
  name,
  itemLabel = "tag",
  defaultValue = [],
  placeholder = "Add a tag",
  onChange,
  ...aria
}: TagsInputProps) {
  const [tags, setTags] = useState<string[]>(() => [...defaultValue]);
  const [draft, setDraft] = useState("");
  const [message, setMessage] = useState<string | undefined>();
  const messageId = `${id}-tags-message`;

  const update = (next: string[]) => {
    setTags(next);
    onChange?.(next);
  };
  const add = () => {
    const result = addTag(tags, draft);
    setMessage(result.error);
    if (result.error) return;
    if (result.tags.length !== tags.length) update(result.tags);
    setDraft("");
  };

  const describedBy = [aria["aria-describedby"], message ? messageId : undefined]
    .filter(Boolean)
    .join(" ");

  return (
    <div data-slot="tags-input" className="space-y-3">
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="done"
          aria-invalid={aria["aria-invalid"]}
          aria-describedby={describedBy || undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setMessage(undefined);
          }}
          onKeyDown={(event) => {
            // Enter adds the tag instead of submitting the whole form.
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" className="h-auto shrink-0" onClick={add}>
          <Plus aria-hidden /> Add
        </Button>
      </div>
      {message && (
        <p id={messageId} role="status" className="text-sm text-muted-foreground">
          {message}
        </p>
      )}
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-primary/15 py-0.5 pr-1 pl-3 text-xs font-semibold text-primary ring-1 ring-primary/40"
            >
              {tag}
              <button
                type="button"
                aria-label={`Remove ${itemLabel} ${tag}`}
                onClick={() => update(tags.filter((t) => t !== tag))}
                className="inline-flex size-6 items-center justify-center rounded-full transition-colors hover:bg-primary/20 focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
              >
                <X aria-hidden className="size-3.5" />
              </button>
              <input type="hidden" name={name} value={tag} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
