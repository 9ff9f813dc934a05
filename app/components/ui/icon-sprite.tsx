import { createContext, useContext, useId, type ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "~/lib/cn";

/**
 * An inline SVG sprite for icons a list repeats on every row (issue 12: lighter pages):
 * each icon's drawing is written once, in a hidden <svg> beside the list, and each row
 * refers to it with <use>. An event card's five icons cost ~1.5 KB each time inline.
 *
 * `createIconSprite` names the icons once; `<Sprite>` wraps the list and writes the
 * drawings; `<SpriteIcon name>` draws one. Outside a `<Sprite>` (a card on its own) the
 * icon is drawn inline as usual. The ids come from useId, so two lists on one page
 * never collide and the server and the browser agree.
 */
export function createIconSprite<Name extends string>(icons: Record<Name, LucideIcon>) {
  const PrefixContext = createContext<string | null>(null);
  const names = Object.keys(icons) as Name[];

  function Sprite({ children }: { children: ReactNode }) {
    const prefix = `icon${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
    return (
      <PrefixContext.Provider value={prefix}>
        <svg aria-hidden className="hidden">
          {names.map((name) => {
            const Icon: LucideIcon = icons[name];
            return (
              <symbol key={name} id={`${prefix}-${name}`} viewBox="0 0 24 24">
                <Icon />
              </symbol>
            );
          })}
        </svg>
        {children}
      </PrefixContext.Provider>
    );
  }

  function SpriteIcon({ name, className }: { name: Name; className?: string }) {
    const prefix = useContext(PrefixContext);
    if (!prefix) {
      const Icon: LucideIcon = icons[name];
      return <Icon aria-hidden className={className} />;
    }
    return (
      <svg viewBox="0 0 24 24" aria-hidden className={cn("lucide", className)}>
        <use href={`#${prefix}-${name}`} />
      </svg>
    );
  }

  return { Sprite, SpriteIcon };
}
