/**
 * The app's button: one look for every call to action. `variant` gives the
 * colours, `size` the padding and type; anything else (width, margins,
 * disabled styles) comes in `className`. Given `to`, it renders a Remix
 * `Link` with the same look, so a link that reads as a button is one.
 */
import { Link, type LinkProps } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger";
export type ButtonSize = "sm" | "md" | "lg" | "none";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand text-white hover:bg-brand-strong",
  secondary: "border border-gray-300 bg-white text-gray-800 hover:bg-gray-50",
  danger: "bg-red-600 text-white hover:bg-red-700",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "px-3 py-2 text-sm font-medium",
  md: "px-4 py-2 font-semibold",
  lg: "px-6 py-3 font-semibold",
  // The caller gives padding and type in className.
  none: "",
};

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** The class list of a button, for elements that cannot be a `Button` (e.g. a Headless UI control). */
export function buttonClass({ variant = "primary", size = "md", className = "" }: Look = {}): string {
  return ["rounded-md", VARIANTS[variant], SIZES[size], className].filter(Boolean).join(" ");
}

type ButtonProps = Look & ButtonHTMLAttributes<HTMLButtonElement> & { to?: undefined };
type LinkButtonProps = Look & LinkProps & { to: LinkProps["to"] };

export function Button(props: ButtonProps | LinkButtonProps) {
  if (props.to !== undefined) {
    const { variant, size, className, ...rest } = props as LinkButtonProps;
    return <Link {...rest} className={buttonClass({ variant, size, className })} />;
  }
  const { variant, size, className, type = "button", ...rest } = props as ButtonProps;
  return <button type={type} {...rest} className={buttonClass({ variant, size, className })} />;
}
