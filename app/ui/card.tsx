/**
 * The app's card: a white, rounded, bordered panel. `padding` gives the
 * usual insets (md: p-6; sm: p-4 that grows to p-6 on wider screens; none);
 * anything else comes in `className`. `as` picks the element.
 */
import type { HTMLAttributes } from "react";

export type CardPadding = "sm" | "md" | "none";

const PADDINGS: Record<CardPadding, string> = {
  sm: "p-4 sm:p-6",
  md: "p-6",
  none: "",
};

/** The class list of a card, for elements that cannot be a `Card`. */
export function cardClass({
  padding = "md",
  className = "",
}: { padding?: CardPadding; className?: string } = {}) {
  return ["rounded-xl border border-gray-200 bg-white shadow-sm", PADDINGS[padding], className]
    .filter(Boolean)
    .join(" ");
}

export function Card({
  as: Tag = "div",
  padding,
  className,
  ...rest
}: HTMLAttributes<HTMLElement> & {
  as?: "div" | "section" | "article" | "li" | "aside";
  padding?: CardPadding;
}) {
  return <Tag {...rest} className={cardClass({ padding, className })} />;
}
