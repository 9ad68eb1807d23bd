/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation) in the shape of Headless
 * UI's `TabGroup`/`TabList`/`Tab`/`TabPanels`/`TabPanel`, without its 11 KB
 * gzip of shared hooks in the first load of `/dashboard` and `/auth`
 * (issue #17, decision 028).
 *
 * - `TabList` is a `tablist`; its `Tab`s are `tab`s with `aria-selected` and
 *   `aria-controls`, a roving tabindex (only the selected tab is in the tab
 *   order) and the keys of the pattern: ← → move and select (wrapping),
 *   Home/PageUp and End/PageDown jump to the first and last, Enter and Space
 *   select.
 * - A tab and its panel are paired by position: the n-th `Tab` in the list
 *   with the n-th `TabPanel` in `TabPanels`.
 * - The selected panel is a `tabpanel` labelled by its tab; the others render
 *   an empty, hidden element that keeps the id `aria-controls` names.
 * - A `Tab` with an `href` is a link (to `?tab=…`): without JavaScript it
 *   navigates and every tab is in the tab order; once hydrated a plain click
 *   selects it in the page.
 * - Styling hooks: the selected tab carries `data-selected` (Tailwind's
 *   `data-[selected]:`); use `focus-visible:` for the keyboard focus ring.
 */
import {
  Children,
  createContext,
  useContext,
  useId,
  useState,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from "react";
import { useHydrated } from "~/ui/hydrated";

interface Group {
  id: string;
  selected: number;
  select: (index: number) => void;
}

const GroupContext = createContext<Group | null>(null);
const IndexContext = createContext(0);

function useGroup(part: string): Group {
  const group = useContext(GroupContext);
  if (!group) throw new Error(`<${part}> must be inside <TabGroup>`);
  return group;
}

const tabId = (group: Group, index: number) => `${group.id}tab-${index}`;
const panelId = (group: Group, index: number) => `${group.id}panel-${index}`;

/** Gives each child its position, the index that pairs a tab with its panel. */
function indexed(children: ReactNode) {
  return Children.map(children, (child, index) => (
    <IndexContext.Provider value={index}>{child}</IndexContext.Provider>
  ));
}

export function TabGroup({
  selectedIndex,
  defaultIndex = 0,
  onChange,
  className,
  children,
}: {
  /** Controlled: the selected tab (then `onChange` must follow it). */
  selectedIndex?: number;
  defaultIndex?: number;
  /** Called with the new index when another tab is selected. */
  onChange?: (index: number) => void;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const [own, setOwn] = useState(defaultIndex);
  const selected = selectedIndex ?? own;
  const select = (index: number) => {
    if (index === selected) return;
    if (selectedIndex === undefined) setOwn(index);
    onChange?.(index);
  };
  return (
    <GroupContext.Provider value={{ id, selected, select }}>
      <div className={className}>{children}</div>
    </GroupContext.Provider>
  );
}

const KEY_MOVES: Record<string, (current: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  PageUp: () => 0,
  End: (_, n) => n - 1,
  PageDown: (_, n) => n - 1,
};

export function TabList({
  className,
  children,
  ...props
}: Omit<ComponentPropsWithoutRef<"div">, "role" | "onKeyDown">) {
  const group = useGroup("TabList");
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
    const current = tabs.indexOf(event.target as HTMLElement);
    if (current === -1 || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      group.select(current);
      return;
    }
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(current, tabs.length);
    tabs[next]?.focus();
    group.select(next);
  };
  return (
    <div {...props} role="tablist" aria-orientation="horizontal" className={className} onKeyDown={onKeyDown}>
      {indexed(children)}
    </div>
  );
}

function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function Tab({
  className,
  href,
  children,
}: {
  className?: string;
  /** Makes the tab a link to this address (`?tab=…`), for pages that work without JavaScript. */
  href?: string;
  children: ReactNode | ((state: { selected: boolean }) => ReactNode);
}) {
  const group = useGroup("Tab");
  const index = useContext(IndexContext);
  const hydrated = useHydrated();
  const selected = index === group.selected;
  const shared = {
    id: tabId(group, index),
    role: "tab",
    "aria-selected": selected,
    "aria-controls": panelId(group, index),
    "data-selected": selected ? "" : undefined,
    className,
    children: typeof children === "function" ? children({ selected }) : children,
  };
  if (href !== undefined) {
    return (
      <a
        {...shared}
        href={href}
        // Before hydration a link tab works as a link, so each one is reachable with Tab.
        tabIndex={!hydrated || selected ? 0 : -1}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          group.select(index);
        }}
      />
    );
  }
  return (
    <button
      {...shared}
      type="button"
      tabIndex={selected ? 0 : -1}
      onClick={(event) => {
        event.currentTarget.focus({ preventScroll: true });
        group.select(index);
      }}
    />
  );
}

export function TabPanels({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className}>{indexed(children)}</div>;
}

export function TabPanel({
  className,
  children,
  ...props
}: Omit<ComponentPropsWithoutRef<"div">, "id" | "role">) {
  const group = useGroup("TabPanel");
  const index = useContext(IndexContext);
  const ids = { id: panelId(group, index), "aria-labelledby": tabId(group, index) };
  if (index !== group.selected) return <span {...ids} role="tabpanel" hidden aria-hidden="true" />;
  return (
    <div {...props} {...ids} role="tabpanel" tabIndex={0} className={className}>
      {children}
    </div>
  );
}
