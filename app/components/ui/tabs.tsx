/**
 * WAI-ARIA tabs: a tablist of buttons with a roving tabindex (Tab enters the list at
 * the selected tab, arrows, Home and End move and select), each tab tied to its panel.
 * Controlled (value + onValueChange) or uncontrolled (defaultValue).
 *
 * Inactive panels stay mounted and hidden, so unsaved edits in one tab survive a
 * visit to another.
 */
import { createContext, use, useId, useState } from "react";
import { cn } from "~/lib/cn";
import { nextTabIndex, type TabsOrientation } from "./tabs-keys";

export { nextTabIndex } from "./tabs-keys";

interface TabsContextValue {
  baseId: string;
  value: string;
  select: (value: string) => void;
  orientation: TabsOrientation;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(part: string): TabsContextValue {
  const context = use(TabsContext);
  if (!context) throw new Error(`<${part}> must be inside <Tabs>.`);
  return context;
}

// Values become parts of ids; keep them to characters ids and selectors accept.
const idPart = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, "_");

export interface TabsProps extends Omit<React.ComponentProps<"div">, "defaultValue" | "dir"> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  orientation?: TabsOrientation;
}

export function Tabs({
  value: controlled,
  defaultValue = "",
  onValueChange,
  orientation = "horizontal",
  className,
  ...props
}: TabsProps) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const value = controlled ?? uncontrolled;
  const select = (next: string) => {
    if (controlled === undefined) setUncontrolled(next);
    if (next !== value) onValueChange?.(next);
  };
  return (
    <TabsContext value={{ baseId, value, select, orientation }}>
      <div
        data-slot="tabs"
        data-orientation={orientation}
        className={cn(orientation === "vertical" ? "flex gap-6" : "space-y-6", className)}
        {...props}
      />
    </TabsContext>
  );
}

/** Give it an aria-label (or aria-labelledby) saying what the tabs switch between. */
export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<"div">) {
  const { orientation } = useTabs("TabsList");
  function handleKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const tabs = Array.from(
      event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])'),
    );
    const current = tabs.indexOf(event.target as HTMLButtonElement);
    const next = nextTabIndex(event.key, current, tabs.length, orientation);
    if (next === null) return;
    event.preventDefault();
    // Automatic activation: moving to a tab selects it (its click handler selects).
    tabs[next]?.focus();
    tabs[next]?.click();
  }
  return (
    <div
      role="tablist"
      data-slot="tabs-list"
      aria-orientation={orientation}
      onKeyDown={handleKeyDown}
      className={cn(
        "flex max-w-full gap-1 rounded-full border border-border/70 bg-card p-1",
        orientation === "horizontal" ? "w-fit overflow-x-auto" : "flex-col rounded-2xl",
        className,
      )}
      {...props}
    />
  );
}

export interface TabsTriggerProps extends Omit<React.ComponentProps<"button">, "value"> {
  value: string;
}

export function TabsTrigger({ value, className, onClick, ...props }: TabsTriggerProps) {
  const { baseId, value: selected, select } = useTabs("TabsTrigger");
  const active = value === selected;
  return (
    <button
      type="button"
      role="tab"
      data-slot="tabs-trigger"
      data-state={active ? "active" : "inactive"}
      id={`${baseId}-tab-${idPart(value)}`}
      aria-controls={`${baseId}-panel-${idPart(value)}`}
      aria-selected={active}
      tabIndex={active ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) select(value);
      }}
      className={cn(
        "inline-flex h-9 shrink-0 items-center justify-center gap-2 rounded-full px-4 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-primary data-[state=active]:text-primary-foreground data-[state=active]:shadow-md data-[state=active]:shadow-primary/20 [&_svg]:size-4",
        className,
      )}
      {...props}
    />
  );
}

export interface TabsContentProps extends React.ComponentProps<"div"> {
  value: string;
}

export function TabsContent({ value, className, ...props }: TabsContentProps) {
  const { baseId, value: selected } = useTabs("TabsContent");
  const active = value === selected;
  return (
    <div
      role="tabpanel"
      data-slot="tabs-content"
      data-state={active ? "active" : "inactive"}
      id={`${baseId}-panel-${idPart(value)}`}
      aria-labelledby={`${baseId}-tab-${idPart(value)}`}
      hidden={!active}
      // The panel itself takes focus after the tablist, as the APG pattern asks.
      tabIndex={0}
      className={cn(
        "min-w-0 flex-1 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring",
        className,
      )}
      {...props}
    />
  );
}
